// Counts read with the site language's digit grouping (1,234,567 in English).
// The content's language tag is checked for shape only, so one Intl does not
// know falls back to plain digits rather than failing the page.
export type CountFormat = (count: number) => string

export function countFormat(language: string): CountFormat {
  try {
    const format = new Intl.NumberFormat(language, { maximumFractionDigits: 0 })
    return (count) => format.format(count)
  } catch {
    return (count) => String(count)
  }
}
