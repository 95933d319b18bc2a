// Numbers on the report read with the site language's digits and grouping
// (1,234,567 in English). The content's language tag is checked for shape
// only, so one Intl does not know falls back to plain digits rather than
// failing the page.
export type CountFormat = (count: number) => string

export function countFormat(language: string): CountFormat {
  return fixedFormat(language, 0)
}

/** To exactly `digits` decimals: 40.0, 0.012. */
export function fixedFormat(language: string, digits: number): CountFormat {
  try {
    const format = new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits })
    return (value) => format.format(value)
  } catch {
    return (value) => value.toFixed(digits)
  }
}
