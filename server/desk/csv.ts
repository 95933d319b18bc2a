// CSV as RFC 4180 has it: CRLF line ends, a field quoted when it holds a
// quote, comma or line break, quotes doubled inside.
//
// A cell that starts with = + - @ (or a tab or carriage return, which some
// spreadsheets skip before reading a formula) is run as a formula by
// spreadsheets; record fields are typed by the public, so such a cell gets a
// leading single quote and is read as text.
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map(csvLine).join('')
}
