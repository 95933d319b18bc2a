// Decimal numbers as people type them: `.` or `,` before the decimals, as
// both are usual for decimals in the languages the sites are written in.

// Bounded digit runs keep the value finite and the stored text short.
const DECIMAL = /^([+-]?)(\d{0,30})(?:[.,](\d{1,30}))?$/

/** The number with `.` as separator, or null when the text is not one. */
export function parseDecimal(text: string): string | null {
  const match = DECIMAL.exec(text)
  if (match === null) return null
  const [, sign, whole = '', fraction] = match
  if (whole === '' && fraction === undefined) return null
  return `${sign === '-' ? '-' : ''}${whole || '0'}${fraction === undefined ? '' : `.${fraction}`}`
}
