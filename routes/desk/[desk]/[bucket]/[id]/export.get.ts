// GET /desk/{desk}/{bucket}/{id}/export: the person's export for this one
// case (issue 29), for staff who may erase here, answering a request by mail:
// the same zip the person gets at /my/export.
import { defineEventHandler } from 'h3'
import { useRecords } from '../../../../../server/app/records'
import { openStoredFile } from '../../../../../server/app/store'
import { mayErase } from '../../../../../server/policy/questions'
import { personExportEntries } from '../../../../../server/privacy/person-export'
import { referenceOf } from '../../../../../server/records/reference'
import { readDeskRecordRequest } from '../../../../../utils/desk-record-request'
import { sendRefusal } from '../../../../../utils/desk-reply'
import { sendZip } from '../../../../../utils/zip-response'

export default defineEventHandler(async (event) => {
  const asked = await readDeskRecordRequest(event)
  if (asked.sent !== undefined) return asked.sent
  const { req, found } = asked
  if (!mayErase(req.policy, req, found.desk, found.view)) return sendRefusal(event, req, 'forbidden')
  const { records } = await useRecords()
  const kept = await records.projection(found.bucket.name, found.view.id)
  if (kept === null) return sendRefusal(event, req, 'not-found')
  const now = new Date()
  const entries = personExportEntries({
    site: req.site,
    cases: [{ bucket: found.bucket, record: kept.record, history: kept.history }],
    story: req.story,
    openFile: openStoredFile,
    now,
  })
  return sendZip(event, `case-${referenceOf(kept.record.filedSeq)}.zip`, entries)
})
