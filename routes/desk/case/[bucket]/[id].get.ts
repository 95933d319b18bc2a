// GET /desk/case/{bucket}/{id}: the one link staff mail carries to a case. Desks differ per reader, so the
// link names no desk: each reader goes on to the first desk holding the bucket that they may open.
import { defineEventHandler, sendRedirect } from 'h3'
import { resolveCaseDesk } from '../../../../server/desk/case-desk'
import { isName, isRecordId } from '../../../../server/names'
import { noDeskForCaseMessage, refusalMessage } from '../../../../server/render/desk/refusals'
import { textAt } from '../../../../server/content/storyline'
import { sendDeskMessage } from '../../../../utils/desk-reply'
import { pathParam, readDeskRequest } from '../../../../utils/desk-request'
import { deskRecordPath } from '../../../../server/content/paths'

export default defineEventHandler(async (event) => {
  const req = await readDeskRequest(event)
  const bucket = pathParam(event, 'bucket')
  const id = pathParam(event, 'id')
  const known = isName(bucket) && isRecordId(id) && req.site.buckets.has(bucket)
  const resolved = known
    ? resolveCaseDesk(req.site, req.policy, req.principal, bucket)
    : { refused: 'not-found' as const }
  if (resolved.desk !== undefined) return sendRedirect(event, deskRecordPath(resolved.desk.name, bucket, id), 302)
  const { viewer } = req
  // Signed out: sign in first, and come back here to be sent on.
  if (resolved.refused === 'sign-in' && !viewer.signedIn && viewer.signInHref !== null) {
    return sendRedirect(event, viewer.signInHref, 302)
  }
  if (resolved.refused === 'forbidden')
    return sendDeskMessage(
      event,
      req,
      noDeskForCaseMessage(resolved.holders.map((desk) => textAt(desk.title, req.story))),
    )
  return sendDeskMessage(event, req, refusalMessage(resolved.refused, viewer))
})
