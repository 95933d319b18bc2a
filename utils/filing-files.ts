// The files of a filing post: what it brought, with what an earlier refused
// post of the same form kept (server/forms/kept-files.ts), found under the
// filing its one-time token and its sender make, so no other form or sender
// reaches them. Undefined when the bucket has no file field or nothing can be kept.
import type { Bucket } from '../server/content/model'
import { useStore } from '../server/app/store'
import { recordUploadPrefix } from '../server/files/upload-key'
import type { FormBody } from '../server/forms/form-body'
import { withKeptFiles, type KeptFiles } from '../server/forms/kept-files'
import { KEPT_FIELD } from '../server/forms/service-fields'
import type { FileOutcome } from '../server/forms/store-upload'
import { filingId } from '../server/records/submission'
import type { Visit } from '../server/visitor/visit'

export async function readFilingFiles(
  visit: Visit,
  bucket: Bucket,
  body: FormBody,
  submission: string,
  posted: ReadonlyMap<string, FileOutcome> | undefined,
): Promise<KeptFiles | undefined> {
  const store = useStore()
  const actor = visit.ctx.visitor.actor
  if (store === null || actor === undefined || !bucket.fields.some((field) => field.type === 'file')) return undefined
  const prefix = recordUploadPrefix(bucket.name, filingId(bucket.name, actor, submission))
  return withKeptFiles(store, bucket, prefix, posted, body.get(KEPT_FIELD) === 'yes')
}
