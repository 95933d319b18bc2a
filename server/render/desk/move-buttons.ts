// The moves a person may take on a record, one small form each. The form
// carries the record's version as the person saw it, so a move made
// meanwhile by someone else turns this one into a "reload" instead of a
// surprise. Each form has its own one-time token: pressing it twice is one
// move, while another form of the same version is another person's try.
// A move that asks for a note has its text area in its form, before its
// button; one that asks to be confirmed is a GET form to its own page
// (move-page.ts), so the second press works without scripts. Moves into a
// closed state come last, under a heading of their own.
import type { Messages } from '../../messages/messages'
import type { Bucket, Move } from '../../content/model'
import { asksFirst } from '../../desk/move-form'
import { newSubmissionToken } from '../../forms/submission-token'
import type { RecordView } from '../../records/types'
import { CSRF_FIELD } from '../../forms/service-fields'
import { hiddenInputs } from '../form'
import { html, type SafeHtml } from '../html'
import { SUBMISSION_FIELD } from '../../forms/service-fields'
import { textAt } from '../../content/storyline'
import { renderMoveNote, type NoteState } from './move-note'
import { deskRecordPath } from '../../content/paths'

/** Whether `move` ends the work on a case: its target is a `closed: true` state. */
export function closesCase(bucket: Bucket, move: Move): boolean {
  return bucket.states.some((state) => state.name === move.to && state.closed === true)
}

export function moveButtonClass(bucket: Bucket, move: Move): string {
  return closesCase(bucket, move) ? 'button button-closing' : 'button'
}

/** The hidden fields of a form that makes `move` on the version `view` of a record. */
export function moveInputs(view: RecordView, move: Move, csrf: string): SafeHtml {
  return hiddenInputs({ [CSRF_FIELD]: csrf, edge: move.name, seq: view.seq, [SUBMISSION_FIELD]: newSubmissionToken() })
}

/** A move whose note was refused: its form comes back with the words kept and the error beside them. */
export interface RefusedMove {
  readonly edge: string
  readonly note: NoteState
}

export interface MoveButtonsOptions {
  readonly desk: string
  readonly bucket: Bucket
  readonly view: RecordView
  readonly moves: readonly Move[]
  readonly csrf: string
  readonly story: number
  readonly refused?: RefusedMove
}

function renderMoveForm(options: MoveButtonsOptions, move: Move, m: Messages): SafeHtml {
  const { bucket, view } = options
  const action = `${deskRecordPath(options.desk, view.bucket, view.id)}/move`
  const label = textAt(move.label, options.story) || move.name
  const button = html`<button type="submit" class="${moveButtonClass(bucket, move)}">${label}</button>`
  if (asksFirst(move)) {
    const hidden = hiddenInputs({ edge: move.name, seq: view.seq })
    return html`<form class="desk-move desk-move-ask" method="get" action="${action}">${hidden}${button}</form>`
  }
  const note = renderMoveNote(move, label, m, options.refused?.edge === move.name ? options.refused.note : {})
  const kind = note === null ? 'desk-move' : 'desk-move desk-move-noted'
  const inputs = moveInputs(view, move, options.csrf)
  return html`<form class="${kind}" method="post" action="${action}">${inputs}${note}${button}</form>`
}

export function renderMoveButtons(options: MoveButtonsOptions, m: Messages): SafeHtml {
  const { bucket, moves } = options
  if (moves.length === 0) return html`<p class="empty">${m.say('desk.no-moves')}</p>`
  const open = moves.filter((move) => !closesCase(bucket, move))
  const closing = moves.filter((move) => closesCase(bucket, move))
  const group = (some: readonly Move[]) =>
    html`<div class="desk-moves">${some.map((move) => renderMoveForm(options, move, m))}</div>`
  // Set apart by a heading that says what they do, not by a colour or a border alone.
  const closingGroup =
    closing.length === 0
      ? null
      : html`<div class="desk-moves-closing"><h3 id="closing-moves">${m.say('desk.closing-moves')}</h3>
<p class="field-help">${m.say('desk.closing-moves.help')}</p>${group(closing)}</div>`
  return html`${open.length === 0 ? null : group(open)}${closingGroup}`
}
