// GET /report.csv: the report's counts as CSV, the same numbers GET /report
// gives as JSON (docs/report.md). Public, counts only.
import { defineEventHandler, setResponseHeader } from 'h3'
import { readReportCounts } from '../server/app/report-counts'
import { reportCsv } from '../server/report/report-csv'

export default defineEventHandler(async (event) => {
  const { counts } = await readReportCounts()
  setResponseHeader(event, 'content-type', 'text/csv; charset=utf-8')
  setResponseHeader(event, 'content-disposition', 'inline; filename="report.csv"')
  setResponseHeader(event, 'cache-control', 'no-store')
  return reportCsv(counts)
})
