// Phone numbers as people write them, normalised to E.164 so one person is
// one key. libphonenumber-js knows each country's lengths, so a number one
// digit short is refused instead of becoming someone else's key.
import { parsePhoneNumberFromString } from 'libphonenumber-js'

export function normalizePhone(input: string, country: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '')
  if (!/^(\+|00)?\d+$/.test(compact)) return null
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact
  const parsed = international.startsWith('+')
    ? parsePhoneNumberFromString(international)
    : parsePhoneNumberFromString(international, { defaultCallingCode: country.slice(1) })
  return parsed?.isPossible() ? parsed.number : null
}
