// A move's own page (GET /desk/{desk}/{bucket}/{id}/move?edge=…): the
// confirmation a `confirm: true` move asks for, and where a refused note
// comes back with its error beside it and the words kept. A plain form, so
// it works without scripts; the move is made only by its POST.
import type { Move } from '../../content/model'
import { messagesFor } from '../../messages/messages'
import { recordName } from '../../content/record-name'
import { CONFIRMED_FIELD } from '../../desk/move-form'
import { hiddenInputs } from '../form'
import { html } from '../html'
import { renderLayout } from '../layout'
import { textAt } from '../../content/storyline'
import { moveButtonClass, moveInputs } from './move-buttons'
import { renderDeskErrorSummary } from './desk-error-summary'
import { moveMailNote } from './move-mail-note'
import { noteId, renderMoveNote, type NoteState } from './move-note'
import type { DeskRecordBase } from './record-page'
import { stateLabel } from './state-label'
import { deskRecordPath } from '../../content/paths'

/** `view` is the record as the person saw it: its version is the one the move expects. */
export interface MovePageOptions extends DeskRecordBase {
  readonly move: Move
  readonly csrf: string
  readonly note?: NoteState
}

export function renderMovePage(options: MovePageOptions): string {
  const { site, story, bucket, view, move } = options
  const label = textAt(move.label, story) || move.name
  const here = deskRecordPath(options.desk.name, bucket.name, view.id)
  const name = recordName(bucket, view)
  const from = stateLabel(bucket, view.state, story)
  const to = stateLabel(bucket, move.to, story)
  const m = messagesFor(site, story)
  const error = options.note?.error === undefined ? undefined : m.tell(options.note.error)
  const summary = error === undefined ? null : renderDeskErrorSummary(error, noteId(move.name), m)
  const confirmed = move.confirm === true ? hiddenInputs({ [CONFIRMED_FIELD]: 'yes' }) : null
  const button = html`<button type="submit" class="${moveButtonClass(bucket, move)}">${label}</button>`
  const body = html`${summary}<p class="desk-back"><a href="${here}">${m.say('desk.back-to', { desk: name })}</a></p>
<h1>${label}: ${name}</h1>
<p class="desk-state">${m.sayHtml('desk.move.from-to', { from: html`<strong>${from}</strong>`, to: html`<strong>${to}</strong>` })}</p>
<p class="desk-move-mail">${moveMailNote(bucket, view, move, m)}</p>
<form class="desk-move-confirm" method="post" action="${here}/move">${moveInputs(view, move, options.csrf)}${confirmed}
${renderMoveNote(move, label, m, options.note)}
<div class="desk-move-actions">${button} <a href="${here}">${m.say('desk.move.cancel')}</a></div></form>`
  return renderLayout({ site, story, title: `${label}: ${name}`, body, assets: options.assets, viewer: options.viewer })
}
