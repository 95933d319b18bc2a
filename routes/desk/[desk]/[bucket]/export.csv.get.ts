// GET /desk/{desk}/{bucket}/export.csv: the bucket's records (with the desk's
// state filter and search, when given) as a CSV download.
import { defineEventHandler, getQuery, setResponseHeader } from 'h3'
import { useCaseReads } from '../../../../server/app/case-reads'
import { useRecords } from '../../../../server/app/records'
import { exportRows, exportFileName } from '../../../../server/desk/export-rows'
import { bucketFilter, parseDeskQuery } from '../../../../server/desk/desk-query'
import { sendRefusal } from '../../../../utils/desk-reply'
import { pathParam, readDeskRequest } from '../../../../utils/desk-request'
import { findDeskBucket } from '../../../../server/desk/find-record'
import { listFilter, listOrder } from '../../../../server/desk/listing'
import { toCsv } from '../../../../server/desk/csv'
import { mayReadRecord } from '../../../../server/policy/questions'
import { messagesFor } from '../../../../server/messages/messages'

export default defineEventHandler(async (event) => {
  const req = await readDeskRequest(event)
  const found = findDeskBucket(req, { desk: pathParam(event, 'desk'), bucket: pathParam(event, 'bucket') })
  if (found.refused !== undefined) return sendRefusal(event, req, found.refused)
  const { desk, bucket } = found
  const { index } = await useRecords()
  const filter = bucketFilter(bucket, parseDeskQuery(getQuery(event)))
  // "Only with unread replies" is the reader's own: their marks decide, as on the desk.
  const seen =
    filter.unread === true
      ? (await (await useCaseReads()).marks(req.principal?.subject ?? '', bucket.name)).seen
      : undefined
  const query = { ...listFilter(bucket, filter, seen), order: listOrder(bucket, filter) }
  const { items } = index.list(bucket.name, { ...query, offset: 0, limit: Number.MAX_SAFE_INTEGER })
  // Only the records the person may read, as on each record's own page.
  const readable = items.filter((view) => mayReadRecord(req.policy, req, view))
  setResponseHeader(event, 'content-type', 'text/csv; charset=utf-8; header=present')
  setResponseHeader(
    event,
    'content-disposition',
    `attachment; filename="${exportFileName(desk.name, bucket.name, new Date())}"`,
  )
  setResponseHeader(event, 'cache-control', 'private, no-store')
  setResponseHeader(event, 'x-content-type-options', 'nosniff')
  // A byte order mark, so spreadsheets read æ, ø and å as UTF-8.
  const erased = messagesFor(req.site, req.story).say('record.erased')
  return `\uFEFF${toCsv(exportRows(bucket, readable, erased))}`
})
