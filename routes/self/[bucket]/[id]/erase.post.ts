// POST /self/{bucket}/{id}/erase: the submitter erases their own case's
// personal data (issue 29), then the page after (303). A post without the
// visitor's CSRF token or the form's one-time token is out of date.
import { defineEventHandler, sendRedirect } from 'h3'
import { selfErasePath } from '../../../../server/content/paths'
import { UnsealedRecordError } from '../../../../server/records/errors'
import { CASE_TOKEN_FIELD } from '../../../../server/visitor/case-token'
import { readFormPost } from '../../../../utils/read-form-post'
import { readSelfEraseRequest, refuseSelfErase } from '../../../../utils/self-erase-request'
import { startVisit } from '../../../../utils/visit'

// The service's fields and a case token: nothing a person writes.
const ERASE_POST_LIMIT = 4096

export default defineEventHandler(async (event) => {
  const started = await startVisit(event)
  const post = await readFormPost(event, { maxBytes: ERASE_POST_LIMIT })
  if (post === null) return refuseSelfErase(event, started, 'expired')
  const asked = await readSelfEraseRequest(event, started, post.body.get(CASE_TOKEN_FIELD))
  if (asked.sent !== undefined) return asked.sent
  const { visit, bucket, view } = asked
  const actor = visit.ctx.visitor.actor
  if (actor === undefined) return refuseSelfErase(event, visit, 'not-allowed')
  const erased = await visit.records
    .erase({ bucket: bucket.name, id: view.id, actor, reason: 'self' })
    .catch((error: unknown) => {
      if (error instanceof UnsealedRecordError) return 'unsealed' as const
      throw error
    })
  // Filed before sealing: the person cannot erase it here (docs/privacy.md); the site can be asked.
  if (erased === 'unsealed') return refuseSelfErase(event, visit, 'not-allowed')
  if (erased === null) return refuseSelfErase(event, visit, 'no-record')
  const done = erased.kind === 'erased' ? 'done' : 'already'
  return sendRedirect(event, `${selfErasePath(bucket.name, view.id)}?erased=${done}`, 303)
})
