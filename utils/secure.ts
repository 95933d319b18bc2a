/** Cookies are Secure when the site is served over https. */
export function isSecureSite(): boolean {
  return (process.env.PUBLIC_URL ?? '').startsWith('https://')
}
