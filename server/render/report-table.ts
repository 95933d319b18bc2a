// One bucket's counts as a table: a row per state, a column per storyline
// (named as site.yaml names them), totals on both sides.
import type { Messages } from '../messages/messages'
import type { ReportTable } from '../report/report-tables'
import { html, type SafeHtml } from './html'
import type { CountFormat } from './report-number'

export function renderReportTable(
  table: ReportTable,
  storylines: readonly string[],
  format: CountFormat,
  m: Messages,
): SafeHtml {
  const head = storylines.map((storyline) => html`<th scope="col">${storyline}</th>`)
  const rows = table.rows.map(
    (row) =>
      html`<tr data-state="${row.state}"><th scope="row">${row.label}</th>${row.counts.map(
        (count, column) => html`<td data-storyline="${storylines[column]}">${format(count)}</td>`,
      )}<td data-total>${format(row.total)}</td></tr>`,
  )
  const totals = table.totals.map(
    (count, column) => html`<td data-storyline="${storylines[column]}">${format(count)}</td>`,
  )
  const caption = html`<caption>${m.say('report.table-caption', { title: table.title })}</caption>`
  const state = html`<th scope="col">${m.say('report.state')}</th>`
  const thead = html`<thead><tr>${state}${head}<th scope="col">${m.say('report.total')}</th></tr></thead>`
  const total = html`<td data-total>${format(table.total)}</td>`
  const totalRow = html`<tr data-total><th scope="row">${m.say('report.total')}</th>${totals}${total}</tr>`
  return html`<table class="report-table">${caption}${thead}<tbody>${rows}</tbody><tfoot>${totalRow}</tfoot></table>`
}
