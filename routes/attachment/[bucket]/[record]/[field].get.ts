// GET /attachment/{bucket}/{record}/{field} (and ?preview=1 for a picture's
// small version): the file streamed from the object store, to whoever may
// see that field of that record. Every "no" is the same 404, so nothing tells
// a stranger what exists.
import { createHash } from 'node:crypto'
import {
  defineEventHandler,
  getQuery,
  getRequestHeader,
  getRouterParam,
  sendStream,
  setResponseHeaders,
  setResponseStatus,
} from 'h3'
import { useStore } from '../../../../server/app/store'
import { attachmentOf } from '../../../../server/files/attachment-access'
import { contentDisposition } from '../../../../server/files/content-disposition'
import { previewKey } from '../../../../server/files/upload-key'
import { log } from '../../../../server/log'
import { isName, isRecordId } from '../../../../server/names'
import { startVisit } from '../../../../utils/visit'
import { sendPlainText } from '../../../../utils/plain-text'
import type { MessageId } from '../../../../server/messages/en'

export default defineEventHandler(async (event) => {
  const nothing = (status = 404, id: MessageId = 'plain.no-file') => sendPlainText(event, status, id)
  const store = useStore()
  const bucketName = getRouterParam(event, 'bucket') ?? ''
  const id = getRouterParam(event, 'record', { decode: true }) ?? ''
  const fieldName = getRouterParam(event, 'field') ?? ''
  if (store === null || !isName(bucketName) || !isRecordId(id) || !isName(fieldName)) return nothing()
  const visit = await startVisit(event)
  const bucket = visit.ctx.site.buckets.get(bucketName)
  if (bucket === undefined) return nothing()
  const view = await visit.records.get(bucket.name, id)
  const file = attachmentOf(visit.ctx.policy, visit.ctx.visitor, bucket, view, fieldName)
  const preview = getQuery(event).preview === '1'
  if (file === null || (preview && !file.preview)) return nothing()
  // A key names one stored file for good: a reader who has it already is told so without the store being asked.
  const etag = `"${createHash('sha256')
    .update(preview ? previewKey(file.key) : file.key)
    .digest('base64url')
    .slice(0, 22)}"`
  if (getRequestHeader(event, 'if-none-match') === etag) {
    setResponseStatus(event, 304)
    setResponseHeaders(event, { etag, 'cache-control': 'private, max-age=300' })
    return null
  }
  let found
  try {
    found = await store.get(preview ? previewKey(file.key) : file.key)
  } catch (error) {
    log('error', 'files', '[svc] [files] the object store did not answer', { reason: String(error) })
    return nothing(503, 'plain.file-unavailable')
  }
  if (found === null) return nothing()
  const type = preview ? 'image/webp' : file.type
  setResponseHeaders(event, {
    'content-type': type,
    'content-length': found.size,
    'content-disposition': contentDisposition(type, file.name),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'",
    'cache-control': 'private, max-age=300',
    etag,
  })
  // A reader who goes away mid-file lets go of the store's connection too.
  event.node.res.once('close', () => found.body.destroy())
  return sendStream(event, found.body)
})
