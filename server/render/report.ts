// The report page (GET /report for a browser): per bucket a table and a bar
// chart of the same counts the JSON carries, labelled in the visitor's
// storyline, and a link to the JSON.
import { messagesFor, type Messages } from '../messages/messages'
import type { SiteModel } from '../content/model'
import type { StateCount } from '../records/state-counts'
import { reportTables, type ReportTable } from '../report/report-tables'
import type { Viewer } from './account'
import type { Assets } from './document'
import { html, type SafeHtml } from './html'
import { renderLayout } from './layout'
import { renderReportChart } from './report-chart'
import { countFormat, type CountFormat } from './report-number'
import { renderReportTable } from './report-table'

export interface ReportPageOptions {
  readonly site: SiteModel
  readonly story: number
  readonly counts: readonly StateCount[]
  readonly assets: Assets
  readonly viewer?: Viewer
  /** Where the same counts are served as JSON. */
  readonly jsonHref: string
}

export function renderReport(options: ReportPageOptions): string {
  const { site, story } = options
  const { storylines, tables } = reportTables(site, story, options.counts)
  const format = countFormat(site.branding.language)
  const m = messagesFor(site, story)
  const sections = tables.map((table) => renderBucket(table, storylines, format, m))
  const title = m.say('report.title')
  const body = html`<h1>${title}</h1><p>${m.say('report.what')}</p>${
    sections.length > 0 ? sections : html`<p class="empty">${m.say('list.empty')}</p>`
  }<p><a href="${options.jsonHref}" type="application/json">${m.say('report.json')}</a></p>`
  return renderLayout({ site, story, title, body, assets: options.assets, viewer: options.viewer })
}

function renderBucket(table: ReportTable, storylines: readonly string[], format: CountFormat, m: Messages): SafeHtml {
  const headingId = `report-${table.bucket}`
  const content =
    table.total === 0
      ? html`<p class="empty">${m.say('report.no-records')}</p>`
      : html`${renderReportTable(table, storylines, format, m)}${renderReportChart(table, storylines, format, m)}`
  const attrs = html`data-bucket="${table.bucket}" aria-labelledby="${headingId}"`
  return html`<section class="report-bucket" ${attrs}><h2 id="${headingId}">${table.title}</h2>${content}</section>`
}
