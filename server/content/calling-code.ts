// PHONE_COUNTRY: the calling code a bare phone number is given. No calling
// code starts with 0, and a wrong one would turn every bare number on the site
// into someone else's, so the service and the lint both refuse one.
export const DEFAULT_CALLING_CODE = '+47'

export function isCallingCode(text: string): boolean {
  return /^\+[1-9]\d{0,3}$/.test(text)
}
