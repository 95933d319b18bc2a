// CSV as RFC 4180 has it: CRLF line ends, a field quoted when it holds a
// quote, comma or line break, quotes doubled inside. A cell with a `;` is
// quoted too: spreadsheets in locales whose list separator is `;` (Excel in
// nb-NO) split an unquoted cell there.
//
// A piece of a cell that starts with = + - @ (or a tab or carriage return,
// which some spreadsheets skip before reading a formula) is run as a formula
// by spreadsheets; record fields are typed by the public, and a spreadsheet
// may split a cell on any separator (or the person choose another at import),
// so wherever such a piece starts, at the start of the cell or after a
// separator and spaces, it gets a single quote and is read as text.
const FORMULA_PIECE = /(^|[,;\t\r\n])( *)(?=[=+\-@])/g
const BLANK_START = /^[\t\r]/
const NEEDS_QUOTES = /[",;\r\n]/

export function csvCell(value: string): string {
  const guarded = value.replace(FORMULA_PIECE, "$1$2'")
  const text = BLANK_START.test(guarded) ? `'${guarded}` : guarded
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map(csvLine).join('')
}
