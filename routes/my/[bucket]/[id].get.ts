// GET /my/{bucket}/{id}: the submitter's own case page, where mail about the
// case links when its bucket has no record page. Anyone else gets the same
// 404 as for a case that does not exist, with a way to sign in.
import { defineEventHandler, getQuery, getRequestURL } from 'h3'
import { nameSchema, recordIdSchema } from '../../../server/names'
import { renderCasePage } from '../../../server/render/case-page'
import { renderCaseNotHere } from '../../../server/render/case-not-here'
import { casePageData } from '../../../server/visitor/case-page'
import { signInHref } from '../../../server/visitor/visit'
import { pkgAssets } from '../../../utils/assets'
import { getCsrfToken } from '../../../utils/csrf'
import { sendPage } from '../../../utils/html-response'
import { getViewer } from '../../../utils/viewer'
import { startVisit } from '../../../utils/visit'

export default defineEventHandler(async (event) => {
  const visit = await startVisit(event)
  const { site, story, policy } = visit.ctx
  const path = getRequestURL(event).pathname
  const name = nameSchema.safeParse(event.context.params?.bucket)
  const id = recordIdSchema.safeParse(event.context.params?.id)
  const bucket = name.success ? site.buckets.get(name.data) : undefined
  const stored = bucket !== undefined && id.success ? await visit.records.projection(bucket.name, id.data) : null
  const data =
    bucket === undefined || stored === null ? null : casePageData(visit, bucket, stored.record, stored.history)
  const viewer = await getViewer(event, site, story, policy)
  if (data === null) {
    // Signed out, the way in comes back to this case.
    const here = viewer.signedIn ? viewer : { signedIn: false as const, signInHref: signInHref(visit, path) ?? null }
    return sendPage(event, renderCaseNotHere(site, story, pkgAssets, here), 404)
  }
  const csrf = await getCsrfToken(event)
  const moved = getQuery(event).moved === stored?.record.id
  return sendPage(event, renderCasePage({ site, story, assets: pkgAssets, viewer, data, csrf, moved }))
})
