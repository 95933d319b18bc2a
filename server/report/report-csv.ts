// The report's counts as CSV (GET /report.csv): the JSON body's numbers, a
// row per (bucket, storyline, state) and a row per storyline's visitors,
// told apart by the first column.
import type { ReportCounts } from './report-counts'

const HEADER = ['kind', 'bucket', 'storyline', 'state', 'count', 'reached']

export function reportCsv({ counts, visitors }: ReportCounts): string {
  const rows = [
    HEADER,
    ...counts.map((c) => ['state', c.bucket, c.storyline, c.state, String(c.count), String(c.reached)]),
    ...visitors.map((v) => ['visitors', '', v.storyline, '', String(v.count), '']),
  ]
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n'
}

// Names are letters, digits and _, but a record may carry one the content has
// since dropped: quote anything else, and keep a spreadsheet from reading a formula.
function cell(value: string): string {
  if (/^[A-Za-z0-9_]*$/.test(value)) return value
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return `"${safe.replaceAll('"', '""')}"`
}
