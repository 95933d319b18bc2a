// The moves a person may take on a record, one small form each. The form
// carries the record's version as the person saw it, so a move made
// meanwhile by someone else turns this one into a "reload" instead of a
// surprise. Each form has its own one-time token: pressing it twice is one
// move, while another form of the same version is another person's try.
// A move that asks for a note has its text area in its form; one that asks
// to be confirmed is a GET form to its own page (move-page.ts), so the
// second press works without scripts. A move into a closed state looks
// different from the rest.
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
import { renderMoveNote } from './move-note'
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

export function renderMoveButtons(
  desk: string,
  bucket: Bucket,
  view: RecordView,
  moves: readonly Move[],
  csrf: string,
  story: number,
  m: Messages,
): SafeHtml {
  if (moves.length === 0) return html`<p class="empty">${m.say('desk.no-moves')}</p>`
  const action = `${deskRecordPath(desk, view.bucket, view.id)}/move`
  const forms = moves.map((move) => {
    const label = textAt(move.label, story) || move.name
    const button = html`<button type="submit" class="${moveButtonClass(bucket, move)}">${label}</button>`
    if (asksFirst(move)) {
      const hidden = hiddenInputs({ edge: move.name, seq: view.seq })
      return html`<form class="desk-move desk-move-ask" method="get" action="${action}">${hidden}${button}</form>`
    }
    const note = renderMoveNote(move, m)
    const kind = note === null ? 'desk-move' : 'desk-move desk-move-noted'
    const inputs = moveInputs(view, move, csrf)
    return html`<form class="${kind}" method="post" action="${action}">${inputs}${note}${button}</form>`
  })
  return html`<div class="desk-moves">${forms}</div>`
}
