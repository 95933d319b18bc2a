// GET /desk/{desk}/{bucket}/{id}/erase: the confirmation of an erasure on
// request (issue 29), for a desk that says `erase: true` and a person the
// policy lets erase. A case already erased goes back to its page, which says so.
import { defineEventHandler, sendRedirect } from 'h3'
import { mayErase } from '../../../../../server/policy/questions'
import { readDeskRecordRequest } from '../../../../../utils/desk-record-request'
import { sendRefusal } from '../../../../../utils/desk-reply'
import { sendErasePage } from '../../../../../utils/erase-page'

export default defineEventHandler(async (event) => {
  const asked = await readDeskRecordRequest(event)
  if (asked.sent !== undefined) return asked.sent
  const { req, found, here } = asked
  if (!mayErase(req.policy, req, found.desk, found.view)) return sendRefusal(event, req, 'forbidden')
  if (found.view.erasedAt !== undefined) return sendRedirect(event, `${here}?erased=already`, 303)
  return sendErasePage(event, req, found)
})
