// The record a record page shows, above the page's blocks: its name as a
// heading and what the visitor may see of it.
import type { Messages } from '../messages/messages'
import { html, type SafeHtml } from './html'
import { renderRecordFields, renderRecordMeta } from './record-fields'
import type { RecordSummary, SelfMoveForm } from './record-model'
import { renderSelfMoves } from './self-move-form'

export function renderRecordHeader(record: RecordSummary, form: SelfMoveForm, m: Messages): SafeHtml {
  const parts = [
    html`<h2 id="record-name">${record.name ?? m.say('record.this-record')}</h2>`,
    renderRecordMeta(record, m),
    renderRecordFields(record.fields, m),
    renderSelfMoves(record, form),
  ]
  return html`<section class="record" aria-labelledby="record-name">${parts}</section>`
}
