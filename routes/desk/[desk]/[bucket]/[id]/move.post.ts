// POST /desk/{desk}/{bucket}/{id}/move: takes one declared move, from the
// version of the record the person saw, then back to the record (303). A
// move that asks to be confirmed and was not shows its confirmation; a
// note it needs and lacks comes back beside its field (422), on the page it
// was written on.
import { defineEventHandler, sendRedirect } from 'h3'
import { useRecords } from '../../../../../server/app/records'
import { sendDeskMessage, sendRefusal } from '../../../../../utils/desk-reply'
import { MOVE_FORM_LIMIT, noteProblem, parseMoveForm } from '../../../../../server/desk/move-form'
import { declaredMovesFrom } from '../../../../../server/desk/moves'
import { mayMove } from '../../../../../server/policy/questions'
import { EdgeNotAllowedError, RecordChangedError, RecordNotFoundError } from '../../../../../server/records/errors'
import { moveNotAvailableMessage, moveRefusedMessage, staleMessage } from '../../../../../server/render/desk/refusals'
import { stateLabel } from '../../../../../server/render/desk/state-label'
import { readDeskForm, readDeskRecordRequest } from '../../../../../utils/desk-record-request'
import { sendDeskRecordPage } from '../../../../../utils/desk-record'
import { sendMovePage } from '../../../../../utils/move-page'
import { said } from '../../../../../server/messages/said'
import { createSaidError } from '../../../../../utils/said-error'

export default defineEventHandler(async (event) => {
  const asked = await readDeskRecordRequest(event)
  if (asked.sent !== undefined) return asked.sent
  const { req, found, here } = asked
  const { bucket, view } = found
  const { records } = await useRecords()
  const posted = await readDeskForm(event, asked, MOVE_FORM_LIMIT)
  if (posted.sent !== undefined) return posted.sent
  const { body, submission } = posted
  const form = parseMoveForm(body)
  if (form === null) throw createSaidError(400, said('error.move-form-unreadable'))

  // The policy and the edge are judged on the version the person saw; if
  // that is not the current one, the records layer refuses the move (or
  // recognises this very form's move, already made: a double click, a retry).
  const seen = (await records.history(bucket.name, view.id)).find((entry) => entry.seq === form.seq)
  if (seen === undefined) return sendDeskMessage(event, req, staleMessage(here))
  const seenView = { ...view, state: seen.to, seq: seen.seq }
  const move = declaredMovesFrom(bucket, seen.to).find((declared) => declared.name === form.edge)
  if (move === undefined) {
    return sendDeskMessage(event, req, moveNotAvailableMessage(here, stateLabel(bucket, seen.to, req.story)))
  }
  if (!mayMove(req.policy, req, seenView, form.edge)) return sendDeskMessage(event, req, moveRefusedMessage(here))

  const user = req.user
  if (user === null) return sendRefusal(event, req, 'sign-in')
  const kept = { kept: form.keptNote }
  if (move.confirm === true && !form.confirmed)
    return sendMovePage(event, req, found, { view: seenView, move, note: kept })
  const problem = move.note === undefined ? undefined : noteProblem(move, form.note)
  // Refused beside the field it was written in: the confirmation page for a
  // move that asks first, the record page for the others, unless the record
  // has moved since and its page no longer offers this move.
  if (problem !== undefined && (form.confirmed || seen.seq !== view.seq))
    return sendMovePage(event, req, found, { view: seenView, move, note: { ...kept, error: problem } })
  if (problem !== undefined)
    return sendDeskRecordPage(event, req, found, { move: { edge: move.name, note: { ...kept, error: problem } } })
  try {
    await records.move({
      bucket: bucket.name,
      id: view.id,
      edge: form.edge,
      via: 'desk',
      expectSeq: form.seq,
      submission,
      actor: { kind: 'person', subject: user.subject, name: user.name },
      ...(move.note === undefined || form.note === '' ? {} : { note: form.note }),
    })
  } catch (error) {
    if (error instanceof RecordChangedError) return sendDeskMessage(event, req, staleMessage(here))
    if (error instanceof RecordNotFoundError) return sendRefusal(event, req, 'not-found')
    if (error instanceof EdgeNotAllowedError) {
      return sendDeskMessage(event, req, moveNotAvailableMessage(here, stateLabel(bucket, error.state, req.story)))
    }
    throw error
  }
  return sendRedirect(event, `${here}?moved=${encodeURIComponent(form.edge)}`, 303)
})
