// The report page (GET /report for a browser): a sample-ratio warning when
// visitors are split unevenly, then per bucket a table and a bar chart of the
// records now in each state, and the storylines compared. Labelled in the
// site's staff words (its first storyline unless `staff_storyline:` names
// another), whatever storyline the reader was given, so every reader sees one
// report; links to the same counts as JSON and CSV.
import { staffStory } from '../content/staff-story'
import { messagesFor, type Messages } from '../messages/messages'
import type { SiteModel } from '../content/model'
import { compareStorylines, type BucketComparison } from '../report/comparison'
import type { ReportCounts } from '../report/report-counts'
import { reportTables, type ReportTable } from '../report/report-tables'
import type { Viewer } from './account'
import type { Assets } from './document'
import { html, type SafeHtml } from './html'
import { renderLayout } from './layout'
import { renderReportChart } from './report-chart'
import { compareFormats, renderComparison, type CompareFormats } from './report-compare'
import { renderReportTable } from './report-table'

export interface ReportPageOptions {
  readonly site: SiteModel
  /** The reader's storyline: the page's frame (header, menu) is in it. */
  readonly story: number
  readonly counts: ReportCounts
  readonly assets: Assets
  readonly viewer?: Viewer
  /** Where the same counts are served as JSON and as CSV. */
  readonly jsonHref: string
  readonly csvHref: string
}

export function renderReport(options: ReportPageOptions): string {
  const { site, story } = options
  const staff = staffStory(site)
  const { storylines, tables } = reportTables(site, staff, options.counts.counts)
  const comparison = compareStorylines(site, options.counts)
  const m = messagesFor(site, staff)
  const f = compareFormats(m)
  const sections = tables.map((table) => {
    const compared = comparison.buckets.find((b) => b.bucket === table.bucket)
    return renderBucket(table, storylines, compared, comparison.storylines, f, m)
  })
  const warning =
    comparison.sampleRatio === null
      ? ''
      : html`<p class="report-warning" role="note">${m.say('report.sample-ratio', { p: f.p(comparison.sampleRatio) })}</p>`
  const title = m.say('report.title')
  const json = html`<a href="${options.jsonHref}" type="application/json">${m.say('report.json')}</a>`
  const csv = html`<a href="${options.csvHref}" type="text/csv">${m.say('report.csv')}</a>`
  const links = html`<ul class="report-links"><li>${json}</li><li>${csv}</li></ul>`
  const body = html`<h1>${title}</h1><p>${m.say('report.what')}</p>${warning}${
    sections.length > 0 ? sections : html`<p class="empty">${m.say('list.empty')}</p>`
  }${links}`
  return renderLayout({ site, story, title, body, assets: options.assets, viewer: options.viewer })
}

function renderBucket(
  table: ReportTable,
  storylines: readonly string[],
  compared: BucketComparison | undefined,
  compareStorylines: readonly string[],
  f: CompareFormats,
  m: Messages,
): SafeHtml {
  const headingId = `report-${table.bucket}`
  const counts =
    table.total === 0
      ? html`<p class="empty">${m.say('report.no-records')}</p>`
      : html`${renderReportTable(table, storylines, f.count, m)}${renderReportChart(table, storylines, f.count, m)}`
  const comparison = compared === undefined ? '' : renderComparison(compared, compareStorylines, f, m)
  const attrs = html`data-bucket="${table.bucket}" aria-labelledby="${headingId}"`
  return html`<section class="report-bucket" ${attrs}><h2 id="${headingId}">${table.title}</h2>${counts}${comparison}</section>`
}
