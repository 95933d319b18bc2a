// One bucket's counts as bars, plain HTML and CSS: a group per state, a bar
// per storyline. Widths are worked out here, relative to the bucket's largest
// count, and every bar carries its storyline and number as text, so the chart
// reads the same without colour, without CSS and to a screen reader.
import type { ReportTable } from '../report/report-tables'
import { html, type SafeHtml } from './html'
import type { CountFormat } from './report-number'

export function renderReportChart(table: ReportTable, storylines: readonly string[], format: CountFormat): SafeHtml {
  const groups = table.rows.map(
    (row) =>
      html`<li><span class="report-chart-state">${row.label}</span><ul class="report-bars">${row.counts.map(
        (count, column) =>
          html`<li class="report-bar-row"><span class="report-bar-name">${storylines[column]}</span><span class="report-bar-track"><span class="report-bar" style="width: ${barWidth(count, table.max)}%"></span></span><span class="report-bar-value">${format(count)}</span></li>`,
      )}</ul></li>`,
  )
  return html`<figure class="report-chart"><figcaption>${table.title}: the same counts as bars, one per storyline</figcaption><ul class="report-chart-states">${groups}</ul></figure>`
}

/** Percent of the track, to a tenth. */
export function barWidth(count: number, max: number): number {
  return max > 0 ? Math.round((count / max) * 1000) / 10 : 0
}
