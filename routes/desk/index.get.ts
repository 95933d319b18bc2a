// GET /desk: the desks the signed-in person may open.
import { defineEventHandler, sendRedirect } from 'h3'
import { openableDesks } from '../../server/policy/questions'
import { readDeskRequest } from '../../utils/desk-request'
import { renderDeskIndex } from '../../server/render/desk/desk-index'
import { pkgAssets } from '../../utils/assets'
import { sendPage } from '../../utils/html-response'

export default defineEventHandler(async (event) => {
  const req = await readDeskRequest(event)
  if (req.principal === null) return sendRedirect(event, '/auth/sign-in?return=/desk', 302)
  const desks = openableDesks(req.site, req.policy, req)
  return sendPage(event, renderDeskIndex({ ...req, assets: pkgAssets, desks }))
})
