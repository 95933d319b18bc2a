// GET /my/{bucket}/{id}: the submitter's own case page, where mail about the
// case links when its bucket has no record page. The link in a mail carries
// the case's capability (`?k=`), so it opens on any device. Anyone else gets
// the same 404 as for a case that does not exist, with a way to sign in.
import { defineEventHandler, getQuery, getRequestURL } from 'h3'
import { nameSchema, recordIdSchema } from '../../../server/names'
import { renderCasePage } from '../../../server/render/case-page'
import { renderCaseNotHere } from '../../../server/render/case-not-here'
import { asCaseHolder, isClosed } from '../../../server/visitor/case-holder'
import { casePageData } from '../../../server/visitor/case-page'
import { CASE_TOKEN_FIELD } from '../../../server/visitor/case-token'
import { signInHref } from '../../../server/visitor/visit'
import { pkgAssets } from '../../../utils/assets'
import { heldCaseToken, keepCapabilityPrivate } from '../../../utils/case-capability'
import { getCsrfToken } from '../../../utils/csrf'
import { sendPage } from '../../../utils/html-response'
import { getViewer } from '../../../utils/viewer'
import { startVisit } from '../../../utils/visit'

export default defineEventHandler(async (event) => {
  const visit = await startVisit(event)
  const { site, story, policy } = visit.ctx
  const path = getRequestURL(event).pathname
  const query = getQuery(event)
  const name = nameSchema.safeParse(event.context.params?.bucket)
  const id = recordIdSchema.safeParse(event.context.params?.id)
  const bucket = name.success ? site.buckets.get(name.data) : undefined
  const stored = bucket !== undefined && id.success ? await visit.records.projection(bucket.name, id.data) : null
  const token =
    bucket === undefined || stored === null
      ? null
      : await heldCaseToken(query[CASE_TOKEN_FIELD], bucket.name, stored.record.id)
  const asked =
    bucket !== undefined && stored !== null && token !== null ? asCaseHolder(visit, bucket, stored.record) : visit
  const data =
    bucket === undefined || stored === null
      ? null
      : casePageData(asked, bucket, stored.record, stored.history, token === null || !isClosed(bucket, stored.record))
  const viewer = await getViewer(event, site, story, policy)
  if (data === null) {
    // Signed out, the way in comes back to this case.
    const here = viewer.signedIn ? viewer : { signedIn: false as const, signInHref: signInHref(visit, path) ?? null }
    const page = sendPage(event, renderCaseNotHere(site, story, pkgAssets, here), 404)
    if (query[CASE_TOKEN_FIELD] !== undefined) keepCapabilityPrivate(event)
    return page
  }
  const csrf = await getCsrfToken(event)
  const moved = query.moved === stored?.record.id
  const page = sendPage(
    event,
    renderCasePage({ site, story, assets: pkgAssets, viewer, data, csrf, moved, caseToken: token ?? undefined }),
  )
  if (query[CASE_TOKEN_FIELD] !== undefined) keepCapabilityPrivate(event)
  return page
})
