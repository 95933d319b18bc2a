// POST /desk/{desk}/{bucket}/{id}/write: staff write to the submitter. The
// message goes into the history as a note by desk and is mailed to them;
// then back to the record (303). A refused message re-renders the record
// with the words kept.
import { defineEventHandler, sendRedirect } from 'h3'
import { useRecords } from '../../../../../server/app/records'
import { parseWriteForm, WRITE_FORM_LIMIT } from '../../../../../server/desk/write-form'
import { RecordChangedError, RecordNotFoundError } from '../../../../../server/records/errors'
import { staleMessage } from '../../../../../server/render/desk/refusals'
import { sendDeskRecordPage, writeStateOf } from '../../../../../utils/desk-record'
import { readDeskForm, readDeskRecordRequest } from '../../../../../utils/desk-record-request'
import { sendDeskMessage, sendRefusal } from '../../../../../utils/desk-reply'

export default defineEventHandler(async (event) => {
  const asked = await readDeskRecordRequest(event)
  if (asked.sent !== undefined) return asked.sent
  const { req, found, here } = asked
  const form = await readDeskForm(event, asked, WRITE_FORM_LIMIT)
  if (form.sent !== undefined) return form.sent
  const user = req.user
  if (user === null) return sendRefusal(event, req, 'sign-in')
  // Judged like a move; a submitter with no address cannot be written to.
  if (writeStateOf(req, found).kind !== 'open') return sendRefusal(event, req, 'forbidden')
  const message = parseWriteForm(form.body)
  if ('error' in message)
    return sendDeskRecordPage(event, req, found, { write: { kept: message.kept, error: message.error } })
  const { records } = await useRecords()
  try {
    await records.note({
      bucket: found.bucket.name,
      id: found.view.id,
      text: message.text,
      submission: form.submission,
      actor: { kind: 'person', subject: user.subject, name: user.name },
    })
  } catch (error) {
    if (error instanceof RecordNotFoundError) return sendRefusal(event, req, 'not-found')
    if (error instanceof RecordChangedError) return sendDeskMessage(event, req, staleMessage(here))
    throw error
  }
  return sendRedirect(event, `${here}?written=1`, 303)
})
