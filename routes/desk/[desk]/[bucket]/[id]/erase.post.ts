// POST /desk/{desk}/{bucket}/{id}/erase: erases the case's personal data on
// request, with staff's reason kept on the event, then back to the case (303)
// saying it is done, or that it already was. A missing reason comes back
// beside its field (422), the words kept.
import { defineEventHandler, sendRedirect } from 'h3'
import { useRecords } from '../../../../../server/app/records'
import { ERASE_FORM_LIMIT, parseEraseForm } from '../../../../../server/desk/erase-form'
import { UnsealedRecordError } from '../../../../../server/records/errors'
import { said } from '../../../../../server/messages/said'
import { mayErase } from '../../../../../server/policy/questions'
import { readDeskForm, readDeskRecordRequest } from '../../../../../utils/desk-record-request'
import { sendRefusal } from '../../../../../utils/desk-reply'
import { sendErasePage } from '../../../../../utils/erase-page'

export default defineEventHandler(async (event) => {
  const asked = await readDeskRecordRequest(event)
  if (asked.sent !== undefined) return asked.sent
  const { req, found, here } = asked
  const posted = await readDeskForm(event, asked, ERASE_FORM_LIMIT)
  if (posted.sent !== undefined) return posted.sent
  const user = req.user
  if (user === null) return sendRefusal(event, req, 'sign-in')
  if (!mayErase(req.policy, req, found.desk, found.view)) return sendRefusal(event, req, 'forbidden')
  const form = parseEraseForm(posted.body)
  if ('error' in form) return sendErasePage(event, req, found, { kept: form.kept, error: form.error })
  const { records } = await useRecords()
  const erased = await records
    .erase({
      bucket: found.bucket.name,
      id: found.view.id,
      actor: { kind: 'person', subject: user.subject, name: user.name },
      reason: 'request',
      note: form.reason,
    })
    .catch((error: unknown) => {
      if (error instanceof UnsealedRecordError) return 'unsealed' as const
      throw error
    })
  // Said beside the reason, which is kept: the case is as it was.
  if (erased === 'unsealed')
    return sendErasePage(event, req, found, { kept: form.reason, error: said('desk.erase.unsealed') })
  if (erased === null) return sendRefusal(event, req, 'not-found')
  return sendRedirect(event, `${here}?erased=${erased.kind === 'erased' ? 'done' : 'already'}`, 303)
})
