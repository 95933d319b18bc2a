// One record in a listing: its name (a link to its page when it has one),
// its state, what the visitor may see of it and their own moves.
import { dayText } from './desk/time'
import type { Messages } from '../messages/messages'
import { html, safeUrl, type SafeHtml } from './html'
import { renderRecordFields, renderRecordMeta } from './record-fields'
import type { RecordSummary, SelfMoveForm } from './record-model'
import { renderSelfMoves } from './self-move-form'

function renderTitle(record: RecordSummary, m: Messages): SafeHtml {
  const text = record.name ?? m.say('record.filed-on', { date: dayText(record.filedAt, m) })
  const href = record.href === undefined ? undefined : safeUrl(record.href)
  return html`<h3 class="record-title">${href === undefined ? text : html`<a href="${href}">${text}</a>`}</h3>`
}

export function renderListItem(record: RecordSummary, form: SelfMoveForm, m: Messages): SafeHtml {
  const parts = [
    renderTitle(record, m),
    renderRecordMeta(record, m),
    renderRecordFields(record.fields, m),
    renderSelfMoves(record, form),
  ]
  return html`<li class="record-item">${parts}</li>`
}
