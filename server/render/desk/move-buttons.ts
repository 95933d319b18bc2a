// The moves a person may take on a record, one small POST form each. The
// form carries the record's version as the person saw it, so a move made
// meanwhile by someone else turns this one into a "reload" instead of a
// surprise. Each form has its own one-time token: pressing it twice is one
// move, while another form of the same version is another person's try.
import type { Messages } from '../../messages/messages'
import type { Move } from '../../content/model'
import { deskRecordPath } from '../../desk/names'
import { newSubmissionToken } from '../../forms/submission-token'
import type { RecordView } from '../../records/types'
import { CSRF_FIELD, hiddenInputs } from '../form'
import { html, type SafeHtml } from '../html'
import { SUBMISSION_FIELD } from '../service-fields'
import { textAt } from '../storyline'

export function renderMoveButtons(
  desk: string,
  view: RecordView,
  moves: readonly Move[],
  csrf: string,
  story: number,
  m: Messages,
): SafeHtml {
  if (moves.length === 0) return html`<p class="empty">${m.say('desk.no-moves')}</p>`
  const action = `${deskRecordPath(desk, view.bucket, view.id)}/move`
  const forms = moves.map((move) => {
    const hidden = hiddenInputs({
      [CSRF_FIELD]: csrf,
      edge: move.name,
      seq: view.seq,
      [SUBMISSION_FIELD]: newSubmissionToken(),
    })
    const button = html`<button type="submit" class="button">${textAt(move.label, story) || move.name}</button>`
    return html`<form class="desk-move" method="post" action="${action}">${hidden}${button}</form>`
  })
  return html`<div class="desk-moves">${forms}</div>`
}
