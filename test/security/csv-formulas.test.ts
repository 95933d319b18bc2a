// CSV formula injection in locales whose list separator is not the comma:
// Excel in nb-NO reads a CSV split on `;`, and a person importing may pick a
// tab or any other separator. Whatever a spreadsheet splits on, no cell it
// makes of a record's values may start a formula.
import { describe, expect, it } from 'vitest'
import { toCsv } from '../../server/desk/csv'

/** A spreadsheet's reading: quotes kept together as RFC 4180 says, split on `separator` and at line ends. */
function spreadsheetCells(text: string, separator: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? ''
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === separator || char === '\n' || char === '\r') {
      cells.push(cell)
      cell = ''
    } else cell += char
  }
  return [...cells, cell]
}

const ATTACKS = [
  "Mill Lane 2;=cmd|'/C calc'!A0",
  "Mill Lane 2; =cmd|'/C calc'!A0",
  'a;+SUM(A1);-2;@cmd',
  'north,=HYPERLINK("http://evil.example")',
  'first\t=1+1',
  'line\n=1+1',
  'line\r\n@SUM(1)',
  'x;\t=1',
]

describe('CSV export in a `;` locale', () => {
  it('quotes any cell holding `;`, so a `;` spreadsheet keeps it one cell', () => {
    const csv = toCsv([["Mill Lane 2;=cmd|'/C calc'!A0", 'ok']])
    expect(spreadsheetCells(csv, ';').filter(Boolean)).toHaveLength(1)
    expect(csv.startsWith('"')).toBe(true)
  })

  it('no cell starts a formula, whichever separator the spreadsheet splits on', () => {
    const csv = toCsv([['street', 'details'], ...ATTACKS.map((attack) => [attack, attack])])
    for (const separator of [',', ';', '\t', '|'])
      for (const cell of spreadsheetCells(csv, separator))
        expect(cell.trimStart(), `split on ${JSON.stringify(separator)}`).not.toMatch(/^[=+\-@]/)
  })

  it('leaves ordinary values as they were', () => {
    expect(toCsv([['Mill Lane 2', 'a=b', '1-2', 'kari@example.org']])).toBe('Mill Lane 2,a=b,1-2,kari@example.org\r\n')
  })
})
