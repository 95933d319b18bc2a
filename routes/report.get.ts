// GET /report: counts per bucket, storyline and state, and nothing else
// (SPEC 1.6, 2 "Report counts"). Public. Read from the index's running
// counts, never from the records, so a million records cost what ten do.
import { defineEventHandler, getQuery, getRequestHeader, setResponseHeader } from 'h3'
import { useContent } from '../server/app/content'
import { useRecords } from '../server/app/records'
import { createPolicyEngine } from '../server/policy/engine'
import { renderReport } from '../server/render/report'
import { prefersHtml } from '../server/report/prefers-html'
import { reportBody } from '../server/report/report-body'
import { pkgAssets } from '../utils/assets'
import { sendPage } from '../utils/html-response'
import { getStoryline } from '../utils/storyline'
import { getViewer } from '../utils/viewer'

const JSON_HREF = '/report?format=json'

export default defineEventHandler(async (event) => {
  const counts = (await useRecords()).index.counts()
  setResponseHeader(event, 'vary', 'accept')
  if (getQuery(event).format !== 'json' && prefersHtml(getRequestHeader(event, 'accept'))) {
    const { site } = await useContent()
    const story = getStoryline(event, site)
    const viewer = await getViewer(event, site, story, createPolicyEngine(site))
    return sendPage(event, renderReport({ site, story, counts, assets: pkgAssets, viewer, jsonHref: JSON_HREF }))
  }
  // Counts move with every filing and move, and computing them is cheap.
  setResponseHeader(event, 'cache-control', 'no-store')
  return reportBody(counts)
})
