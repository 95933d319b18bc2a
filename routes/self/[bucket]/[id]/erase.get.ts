// GET /self/{bucket}/{id}/erase: the submitter's confirmation before erasing
// their own case's personal data (`self_erase: true`, issue 29); with
// `?erased=done|already`, the page after, which names nothing of the case.
import { defineEventHandler, getQuery, sendRedirect } from 'h3'
import { casePath, selfErasePath } from '../../../../server/content/paths'
import { CSRF_FIELD, SUBMISSION_FIELD } from '../../../../server/forms/service-fields'
import { newSubmissionToken } from '../../../../server/forms/submission-token'
import { renderSelfEraseConfirm, renderSelfErased } from '../../../../server/render/self-erase-page'
import { CASE_TOKEN_FIELD } from '../../../../server/visitor/case-token'
import { pkgAssets } from '../../../../utils/assets'
import { keepCapabilityPrivate } from '../../../../utils/case-capability'
import { getCsrfToken } from '../../../../utils/csrf'
import { sendPage } from '../../../../utils/html-response'
import { readSelfEraseRequest } from '../../../../utils/self-erase-request'
import { getViewer } from '../../../../utils/viewer'
import { startVisit } from '../../../../utils/visit'

export default defineEventHandler(async (event) => {
  const started = await startVisit(event)
  const { site, story, policy } = started.ctx
  const query = getQuery(event)
  const viewer = await getViewer(event, site, story, policy)
  if (query.erased === 'done' || query.erased === 'already')
    return sendPage(
      event,
      renderSelfErased({ site, story, assets: pkgAssets, viewer, already: query.erased === 'already' }),
    )
  const asked = await readSelfEraseRequest(event, started, query[CASE_TOKEN_FIELD])
  if (asked.sent !== undefined) return asked.sent
  const { bucket, view, token } = asked
  const path = selfErasePath(bucket.name, view.id)
  if (view.erasedAt !== undefined) return sendRedirect(event, `${path}?erased=already`, 303)
  const capability: Record<string, string> = token === null ? {} : { [CASE_TOKEN_FIELD]: token }
  const back = casePath(bucket.name, view.id)
  const hidden = { [CSRF_FIELD]: await getCsrfToken(event), [SUBMISSION_FIELD]: newSubmissionToken(), ...capability }
  const page = sendPage(
    event,
    renderSelfEraseConfirm({
      site,
      story,
      assets: pkgAssets,
      viewer,
      bucket,
      action: path,
      hidden,
      back: token === null ? back : `${back}?${CASE_TOKEN_FIELD}=${encodeURIComponent(token)}`,
    }),
  )
  if (token !== null) keepCapabilityPrivate(event)
  return page
})
