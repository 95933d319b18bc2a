// What the report counts, gathered for GET /report and /report.csv: the
// index's running counts (records now in and ever in each state) and the
// visitors per storyline of the site's storylines.
import type { SiteModel } from '../content/model'
import { reportCounts, type ReportCounts } from '../report/report-counts'
import { useContent } from './content'
import { useRecords } from './records'
import { readVisitorCounts } from './visitor-counter'

export async function readReportCounts(): Promise<{ site: SiteModel; counts: ReportCounts }> {
  const [{ site }, { index }] = await Promise.all([useContent(), useRecords()])
  const visitors = await readVisitorCounts(site.storylines)
  const perStoryline = site.storylines.map((storyline, i) => ({ storyline, count: visitors[i] ?? 0 }))
  return { site, counts: reportCounts(index.counts(), index.reached(), perStoryline) }
}
