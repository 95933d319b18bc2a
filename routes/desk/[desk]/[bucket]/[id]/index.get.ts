// GET /desk/{desk}/{bucket}/{id}: one record, its moves, a message to its submitter and its history.
import { defineEventHandler } from 'h3'
import { useCaseReads } from '../../../../../server/app/case-reads'
import { log } from '../../../../../server/log'
import { sendDeskRecordPage } from '../../../../../utils/desk-record'
import { readDeskRecordRequest } from '../../../../../utils/desk-record-request'

export default defineEventHandler(async (event) => {
  const asked = await readDeskRecordRequest(event)
  if (asked.sent !== undefined) return asked.sent
  const subject = asked.req.principal?.subject
  const { bucket, view } = asked.found
  // Opened: what was heard from the case until now is read. A mark that cannot be kept costs an unread marker only.
  if (subject !== undefined)
    await useCaseReads()
      .then((reads) => reads.open(subject, bucket.name, view.id, view.seq))
      .catch((error: unknown) => {
        log('warn', 'desk', '[svc] [desk] could not keep that a case was opened', { error: String(error) })
      })
  return sendDeskRecordPage(event, asked.req, asked.found)
})
