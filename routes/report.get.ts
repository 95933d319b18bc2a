// GET /report: counts per bucket, storyline and state, and visitors per
// storyline, and nothing else (SPEC 1.6, 2 "Report counts"). Public. Read
// from the index's running counts, never from the records, so a million
// records cost what ten do; a browser gets the storylines compared.
import { defineEventHandler, getQuery, getRequestHeader, setResponseHeader } from 'h3'
import { readReportCounts } from '../server/app/report-counts'
import { createPolicyEngine } from '../server/policy/engine'
import { renderReport } from '../server/render/report'
import { prefersHtml } from '../server/report/prefers-html'
import { reportBody } from '../server/report/report-body'
import { pkgAssets } from '../utils/assets'
import { sendPage } from '../utils/html-response'
import { getStoryline } from '../utils/storyline'
import { getViewer } from '../utils/viewer'

const JSON_HREF = '/report?format=json'
const CSV_HREF = '/report.csv'

export default defineEventHandler(async (event) => {
  const { site, counts } = await readReportCounts()
  setResponseHeader(event, 'vary', 'accept')
  if (getQuery(event).format !== 'json' && prefersHtml(getRequestHeader(event, 'accept'))) {
    const story = getStoryline(event, site)
    const viewer = await getViewer(event, site, story, createPolicyEngine(site))
    const page = renderReport({
      site,
      story,
      counts,
      assets: pkgAssets,
      viewer,
      jsonHref: JSON_HREF,
      csvHref: CSV_HREF,
    })
    return sendPage(event, page)
  }
  // Counts move with every filing and move, and computing them is cheap.
  setResponseHeader(event, 'cache-control', 'no-store')
  return reportBody(counts)
})
