// What a filing post must pass before anything is kept: a page that carries
// the bucket's form (and its record, on a record page), sign-in where the
// bucket asks for it, the visitor's CSRF token, a one-time submission token,
// and the policy's leave to open the page and file. The same checks run on
// the text answers at a form's first file (nothing is stored before) and on
// the whole form after.
import type { H3Event } from 'h3'
import type { Bucket } from '../server/content/model'
import type { FormBody } from '../server/forms/form-body'
import { mayFile, mayOpenPage } from '../server/policy/questions'
import type { FormRefusal } from '../server/render/form-refusal'
import { formTarget, type FormTarget } from '../server/visitor/form-target'
import { needsSignIn } from '../server/visitor/page-forms'
import { visibleRecord } from '../server/visitor/record-page'
import { signInHref, type Visit } from '../server/visitor/visit'
import { checkFormPost } from './read-form-post'

export type FilingCheck =
  | { readonly refused: FormRefusal }
  | { readonly signIn: string }
  | { readonly target: FormTarget; readonly submission: string }

export async function checkFilingPost(
  event: H3Event,
  visit: Visit,
  bucket: Bucket,
  body: FormBody,
): Promise<FilingCheck> {
  const { site, visitor } = visit.ctx
  const target = formTarget(site, bucket.name, body)
  const onMissingRecord =
    target?.recordId !== undefined && visibleRecord(visit.ctx, target.page, target.recordId) === null
  if (target === null || onMissingRecord) return { refused: 'not-a-form' }
  if (needsSignIn(bucket, visitor.signedIn)) {
    const signIn = signInHref(visit, target.path)
    return signIn === undefined ? { refused: 'not-allowed' } : { signIn }
  }
  // The form's one-time token: every post of this form lands on one record.
  const submission = await checkFormPost(event, body)
  if (submission === null) return { refused: 'expired' }
  if (!mayOpenPage(visit.ctx.policy, visitor, target.page) || !mayFile(visit.ctx.policy, visitor, bucket))
    return { refused: 'not-allowed' }
  return { target, submission }
}
