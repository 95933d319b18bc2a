// Files a record from a page's form, then back to that page with its thanks
// (post/redirect/get). A refused form is the page again, errors beside fields.
import { defineEventHandler, getRouterParam, isError, sendRedirect, type H3Event } from 'h3'
import { useConfig } from '../../server/config/use-config'
import { formBodyLimit } from '../../server/forms/body-limit'
import type { FormBody } from '../../server/forms/form-body'
import { readFormBody } from '../../server/forms/read-form-body'
import { readSubmissionToken } from '../../server/forms/submission-token'
import { validateFields } from '../../server/forms/validate-fields'
import { nameSchema } from '../../server/names'
import { fileAsVisitor } from '../../server/visitor/filing'
import { formTarget } from '../../server/visitor/form-target'
import { needsSignIn } from '../../server/visitor/page-forms'
import { recordExists } from '../../server/visitor/record-options'
import { visibleRecord } from '../../server/visitor/record-page'
import { showPage } from '../../utils/show-page'
import { signInHref, type Visit } from '../../server/visitor/visit'
import { startVisit } from '../../utils/visit'
import { mayFile, mayOpenPage } from '../../server/policy/questions'
import { CSRF_FIELD } from '../../server/render/form'
import { formRefusal, renderFormRefusal, type FormRefusal } from '../../server/render/form-refusal'
import { SUBMISSION_FIELD } from '../../server/render/service-fields'
import { BucketNotFoundError } from '../../server/records/errors'
import { pkgAssets } from '../../utils/assets'
import { checkCsrf } from '../../utils/csrf'
import { sendPage } from '../../utils/html-response'

const phoneCountry = useConfig().PHONE_COUNTRY

function refuse(event: H3Event, visit: Visit, kind: FormRefusal): string {
  return sendPage(event, renderFormRefusal(visit.ctx.site, visit.ctx.story, pkgAssets, kind), formRefusal(kind))
}

async function readBody(event: H3Event, limit: number): Promise<FormBody | FormRefusal> {
  try {
    return await readFormBody(event, { maxBytes: limit })
  } catch (error) {
    if (!isError(error)) throw error
    return error.statusCode === 413 ? 'too-large' : 'unreadable'
  }
}

async function handle(event: H3Event): Promise<string | Buffer | void> {
  const visit = await startVisit(event)
  const { site, visitor } = visit.ctx
  const name = nameSchema.safeParse(getRouterParam(event, 'bucket'))
  const bucket = name.success ? site.buckets.get(name.data) : undefined
  if (bucket === undefined) return refuse(event, visit, 'gone')
  const body = await readBody(event, formBodyLimit(bucket))
  if (typeof body === 'string') return refuse(event, visit, body)
  const target = formTarget(site, bucket.name, body)
  const onMissingRecord =
    target?.recordId !== undefined && visibleRecord(visit.ctx, target.page, target.recordId) === null
  if (target === null || onMissingRecord) return refuse(event, visit, 'not-a-form')
  if (needsSignIn(bucket, visitor.signedIn)) {
    const signIn = signInHref(visit, target.path)
    return signIn === undefined ? refuse(event, visit, 'not-allowed') : sendRedirect(event, signIn, 303)
  }
  if (!(await checkCsrf(event, body.get(CSRF_FIELD)))) return refuse(event, visit, 'expired')
  // The form's one-time token: every post of this form lands on one record.
  const submission = readSubmissionToken(body.get(SUBMISSION_FIELD))
  if (submission === null) return refuse(event, visit, 'expired')
  if (!mayOpenPage(visit.ctx.policy, visitor, target.page) || !mayFile(visit.ctx.policy, visitor, bucket))
    return refuse(event, visit, 'not-allowed')

  const checked = await validateFields(bucket, body, {
    phoneCountry,
    uploadsEnabled: false,
    recordExists: recordExists(visit.ctx),
  })
  if (!checked.ok) {
    return showPage(event, visit, {
      ...target,
      query: { pages: new Map() },
      refused: { bucket: bucket.name, values: checked.input, errors: checked.errors },
      statusCode: 422,
    })
  }
  let record
  try {
    record = await fileAsVisitor(visit, bucket, checked.values, submission)
  } catch (error) {
    if (error instanceof BucketNotFoundError) return refuse(event, visit, 'gone')
    throw error
  }
  if (record === null) return refuse(event, visit, 'expired')
  return sendRedirect(event, `${target.path}?filed=${encodeURIComponent(record.id)}`, 303)
}

// A bus that cannot answer for the session becomes the 503 page in server/nitro/error-handler.ts.
export default defineEventHandler(handle)
