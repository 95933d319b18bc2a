// Phone numbers as people write them, normalised to E.164 so one person is one key.

export function normalizePhone(input: string, country: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '')
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact
  const full = international.startsWith('+') ? international : `${country}${international.replace(/^0+/, '')}`
  return /^\+[1-9]\d{6,14}$/.test(full) ? full : null
}
