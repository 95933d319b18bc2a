// POST /desk/{desk}/{bucket}/{id}/move: takes one declared move, from the
// version of the record the person saw, then back to the record (303).
import { createError, defineEventHandler, sendRedirect } from 'h3'
import { useRecords } from '../../../../../server/app/records'
import { sendDeskMessage, sendRefusal } from '../../../../../utils/desk-reply'
import { pathParam, readDeskRequest } from '../../../../../utils/desk-request'
import { findDeskRecord } from '../../../../../server/desk/find-record'
import { MOVE_FORM_LIMIT, parseMoveForm } from '../../../../../server/desk/move-form'
import { declaredMovesFrom } from '../../../../../server/desk/moves'
import { deskRecordPath } from '../../../../../server/desk/names'
import { readFormBody } from '../../../../../server/forms/read-form-body'
import { readSubmissionToken } from '../../../../../server/forms/submission-token'
import { mayMove } from '../../../../../server/policy/questions'
import { EdgeNotAllowedError, RecordChangedError, RecordNotFoundError } from '../../../../../server/records/errors'
import { CSRF_FIELD } from '../../../../../server/render/form'
import { SUBMISSION_FIELD } from '../../../../../server/render/service-fields'
import {
  formExpiredMessage,
  moveNotAvailableMessage,
  moveRefusedMessage,
  staleMessage,
} from '../../../../../server/render/desk/refusals'
import { stateLabel } from '../../../../../server/render/desk/state-label'
import { checkCsrf } from '../../../../../utils/csrf'

export default defineEventHandler(async (event) => {
  const req = await readDeskRequest(event)
  const { records } = await useRecords()
  const params = { desk: pathParam(event, 'desk'), bucket: pathParam(event, 'bucket'), id: pathParam(event, 'id') }
  const found = await findDeskRecord(req, params, (bucket, id) => records.get(bucket, id))
  if (found.refused !== undefined) return sendRefusal(event, req, found.refused)
  const { desk, bucket, view } = found
  const here = deskRecordPath(desk.name, bucket.name, view.id)

  const body = await readFormBody(event, { maxBytes: MOVE_FORM_LIMIT })
  if (!(await checkCsrf(event, body.get(CSRF_FIELD)))) return sendDeskMessage(event, req, formExpiredMessage(here))
  // The form's one-time token: pressing it twice is one move; a form from before tokens is out of date.
  const submission = readSubmissionToken(body.get(SUBMISSION_FIELD))
  if (submission === null) return sendDeskMessage(event, req, formExpiredMessage(here))
  const form = parseMoveForm(body)
  if (form === null) throw createError({ statusCode: 400, statusMessage: 'The move form could not be read' })

  // The policy and the edge are judged on the version the person saw; if
  // that is not the current one, the records layer refuses the move (or
  // recognises this very form's move, already made: a double click, a retry).
  const seen = (await records.history(bucket.name, view.id)).find((entry) => entry.seq === form.seq)
  if (seen === undefined) return sendDeskMessage(event, req, staleMessage(here))
  const seenView = { ...view, state: seen.to, seq: seen.seq }
  if (!declaredMovesFrom(bucket, seen.to).some((move) => move.name === form.edge)) {
    return sendDeskMessage(event, req, moveNotAvailableMessage(here, stateLabel(bucket, seen.to, req.story)))
  }
  if (!mayMove(req.policy, req, seenView, form.edge)) return sendDeskMessage(event, req, moveRefusedMessage(here))

  const user = req.user
  if (user === null) return sendRefusal(event, req, 'sign-in')
  try {
    await records.move({
      bucket: bucket.name,
      id: view.id,
      edge: form.edge,
      via: 'desk',
      expectSeq: form.seq,
      submission,
      actor: { kind: 'person', subject: user.subject, name: user.name },
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
