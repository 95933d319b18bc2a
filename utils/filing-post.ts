// Filing a record from a page's form, then back to that page with its thanks
// (post/redirect/get). A refused form is the page again, errors beside fields.
// A form with files streams them to the object store as they arrive; what a
// post stored is removed again unless its record names it. Answered by the
// filing route, and by the fast path in front of the app
// (server/nitro/fast-filing-plugin.ts), which most filings take.
import { getRequestHeader, isError, sendRedirect, type H3Event } from 'h3'
import { useStore } from '../server/app/store'
import { useConfig } from '../server/config/use-config'
import { referencedKeys } from '../server/files/referenced-keys'
import { removeKeys } from '../server/files/remove-keys'
import { recordUploadPrefix } from '../server/files/upload-key'
import { formBodyLimit } from '../server/forms/body-limit'
import type { FormBody } from '../server/forms/form-body'
import { readFormBody } from './read-form-body'
import { readUploadForm, type UploadForm } from './read-upload-form'
import { validateFields } from '../server/forms/validate-fields'
import { DRAIN_BYTES, refuseDeclaredOversize } from './read-body-within'
import { nameSchema } from '../server/names'
import type { Bucket } from '../server/content/model'
import { filingId } from '../server/records/submission'
import { checkFilingPost } from './filing-checks'
import { fileAsVisitor } from '../server/visitor/filing'
import { recordExists } from '../server/visitor/record-options'
import { showPage } from './show-page'
import type { Visit } from '../server/visitor/visit'
import { startVisit } from './visit'
import { formRefusal, renderFormRefusal, type FormRefusal } from '../server/render/form-refusal'
import { BucketNotFoundError } from '../server/records/errors'
import { BusUnavailableError } from '../server/bus/errors'
import { said } from '../server/messages/said'
import { pkgAssets } from './assets'
import { sendPage } from './html-response'
import { addFilingValue } from './visitor-cookie'
import { cookieSubmitter } from '../server/visitor/visitor'
import { dropPending, keepForNextPost } from '../server/forms/kept-files'
import { readFilingFiles } from './filing-files'
import type { Refused } from '../server/visitor/page-data'

function refuse(event: H3Event, visit: Visit, kind: FormRefusal): string {
  return sendPage(event, renderFormRefusal(visit.ctx.site, visit.ctx.story, pkgAssets, kind), formRefusal(kind))
}

async function readBody(event: H3Event, visit: Visit, bucket: Bucket): Promise<FormBody | UploadForm | FormRefusal> {
  const limit = formBodyLimit(bucket)
  const multipart = /^multipart\/form-data\b/i.test(getRequestHeader(event, 'content-type') ?? '')
  try {
    if (!multipart || !bucket.fields.some((field) => field.type === 'file'))
      return await readFormBody(event, { maxBytes: limit })
    // A file over its own limit is refused beside its field with the answers kept, which needs the rest of the
    // body read: up to DRAIN_BYTES more is taken (and dropped); beyond that the post is refused whole.
    refuseDeclaredOversize(event, limit + DRAIN_BYTES)
    // At the first file: only a post that could be filed stores anything, under the record it would file.
    const gate = async (text: ReadonlyMap<string, string>) => {
      const checked = await checkFilingPost(event, visit, bucket, text)
      const actor = visit.ctx.visitor.actor
      if (!('submission' in checked) || actor === undefined) return null
      return recordUploadPrefix(bucket.name, filingId(bucket.name, actor, checked.submission))
    }
    return await readUploadForm(event.node.req, { bucket, store: useStore(), gate, maxBytes: limit + DRAIN_BYTES })
  } catch (error) {
    if (!isError(error)) throw error
    return error.statusCode === 413 ? 'too-large' : 'unreadable'
  }
}

interface Handled {
  readonly answer: string | Buffer | undefined
  /** Keys of this post's files to leave in the store: the record names them, or the form sent again will. */
  readonly kept?: ReadonlySet<string>
}

async function handle(
  event: H3Event,
  visit: Visit,
  bucket: Bucket,
  body: FormBody,
  upload?: UploadForm,
): Promise<Handled> {
  const checked = await checkFilingPost(event, visit, bucket, body)
  if ('refused' in checked) return { answer: refuse(event, visit, checked.refused) }
  if ('signIn' in checked) {
    await sendRedirect(event, checked.signIn, 303)
    return { answer: undefined }
  }
  const { target, submission } = checked
  const files = await readFilingFiles(visit, bucket, body, submission, upload?.files)
  const validated = await validateFields(bucket, body, {
    // Read here, not when the module loads: the fast path imports it before the config plugin checks settings.
    phoneCountry: useConfig().PHONE_COUNTRY,
    uploadsEnabled: useStore() !== null,
    recordExists: recordExists(visit.ctx),
    ...(files === undefined ? (upload === undefined ? {} : { files: upload.files }) : { files: files.files }),
  })
  // Refused, the form comes back with its token and the files that passed, so sent again it attaches them.
  const showAgain = async (refused: Omit<Refused, 'bucket' | 'submission'>, statusCode: number): Promise<Handled> => {
    const kept = files === undefined ? undefined : await keepForNextPost(files)
    const answer = await showPage(event, visit, {
      ...target,
      query: { pages: new Map() },
      refused: { bucket: bucket.name, ...refused, submission, kept: kept?.names ?? {} },
      statusCode,
    })
    return { answer, ...(kept === undefined ? {} : { kept: kept.keys }) }
  }
  if (!validated.ok) return showAgain({ values: validated.input, errors: validated.errors }, 422)
  let record
  try {
    // Who has not signed in files under a value of this filing's own: one planted in their cookie reads nothing filed.
    const fresh =
      !visit.ctx.visitor.signedIn && bucket.signIn !== 'none'
        ? cookieSubmitter(await addFilingValue(event, submission))
        : undefined
    record = await fileAsVisitor(visit, bucket, validated.values, submission, fresh)
  } catch (error) {
    if (error instanceof BucketNotFoundError) return { answer: refuse(event, visit, 'gone') }
    // The bus could not take it through its retries (a cluster without a leader for too long): nothing
    // was acknowledged, but it may be stored. The form comes back with the same one-time token, so sent
    // again it is the same filing, stored once.
    if (error instanceof BusUnavailableError)
      return showAgain({ values: validated.values, errors: { form: said('form.not-stored') } }, 503)
    throw error
  }
  if (record === null) return { answer: refuse(event, visit, 'expired') }
  const named = referencedKeys(bucket, record)
  if (files !== undefined) await dropPending(files, named)
  await sendRedirect(event, `${target.path}?filed=${encodeURIComponent(record.id)}`, 303)
  return { answer: undefined, kept: named }
}

/**
 * Answers a filing post to bucket `param` (the path's segment, as sent): the body of a page, or undefined once
 * the answer is sent (the redirect).
 */
export async function answerFilingPost(
  event: H3Event,
  param: string | undefined,
): Promise<string | Buffer | undefined> {
  const visit = await startVisit(event)
  const name = nameSchema.safeParse(param)
  const bucket = name.success ? visit.ctx.site.buckets.get(name.data) : undefined
  if (bucket === undefined) return refuse(event, visit, 'gone')
  const read = await readBody(event, visit, bucket)
  if (typeof read === 'string') return refuse(event, visit, read)
  const upload = 'storedKeys' in read ? read : undefined
  const outcome = await handle(event, visit, bucket, upload?.text ?? (read as FormBody), upload)
  // Refused, or a repeat of a form whose record holds the first post's files. After an unexpected error the
  // filing may still have been stored: its files are left for the sweep, which knows what records name.
  const kept = outcome.kept ?? new Set<string>()
  await removeKeys(useStore(), upload?.storedKeys.filter((key) => !kept.has(key)) ?? [])
  return outcome.answer
}
