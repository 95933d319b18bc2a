// One bucket's counts as bars, plain HTML and CSS: a group per state, a bar
// per storyline. Widths are worked out here, relative to the bucket's largest
// count, and every bar carries its storyline and number as text, so the chart
// reads the same without colour, without CSS and to a screen reader.
import type { Messages } from '../messages/messages'
import type { ReportTable } from '../report/report-tables'
import { html, type SafeHtml } from './html'
import type { CountFormat } from './report-number'

export function renderReportChart(
  table: ReportTable,
  storylines: readonly string[],
  format: CountFormat,
  m: Messages,
): SafeHtml {
  const bar = (count: number, column: number) => {
    // An SVG's own width attribute, not a style: the page allows no inline style (Content-Security-Policy).
    const rect = html`<rect width="${barWidth(count, table.max)}" height="1"></rect>`
    const look = html`viewBox="0 0 100 1" preserveAspectRatio="none" aria-hidden="true" focusable="false"`
    const track = html`<svg class="report-bar" ${look}>${rect}</svg>`
    const value = html`<span class="report-bar-value">${format(count)}</span>`
    const name = html`<span class="report-bar-name">${storylines[column]}</span>`
    return html`<li class="report-bar-row">${name}<span class="report-bar-track">${track}</span>${value}</li>`
  }
  const groups = table.rows.map((row) => {
    const label = html`<span class="report-chart-state">${row.label}</span>`
    return html`<li>${label}<ul class="report-bars">${row.counts.map(bar)}</ul></li>`
  })
  const caption = html`<figcaption>${m.say('report.chart-caption', { title: table.title })}</figcaption>`
  return html`<figure class="report-chart">${caption}<ul class="report-chart-states">${groups}</ul></figure>`
}

/** Percent of the track, to a tenth. */
export function barWidth(count: number, max: number): number {
  return max > 0 ? Math.round((count / max) * 1000) / 10 : 0
}
