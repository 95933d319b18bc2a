// GET /invite/{token}: an invite link. The token is a credential in the URL,
// so the page sends no referrer and is never stored by a cache.
import { defineEventHandler, getRouterParam, setResponseHeader } from 'h3'
import { usePeople } from '../../server/app/people'
import { groupDesks, openableDesks } from '../../server/policy/questions'
import { readInviteLink } from '../../server/people/read-invite-link'
import { renderInvitePage } from '../../server/render/people/invite-page'
import { pkgAssets } from '../../utils/assets'
import { getPrincipal } from '../../utils/caller'
import { sendPage } from '../../utils/html-response'
import { readDeskRequest } from '../../utils/desk-request'

const STATUS = { open: 200, used: 410, withdrawn: 410, expired: 410, invalid: 404 } as const

export default defineEventHandler(async (event) => {
  const token = getRouterParam(event, 'token') ?? ''
  const [{ invites }, req, principal] = await Promise.all([
    usePeople(),
    readDeskRequest(event, 'person'),
    getPrincipal(event),
  ])
  const link = await readInviteLink(invites, token, new Date())
  const here = link.kind === 'invalid' ? '/' : `/invite/${token}`
  const subject = principal?.subject ?? null
  const page = renderInvitePage({
    site: req.site,
    story: req.story,
    viewer: req.viewer,
    assets: pkgAssets,
    link,
    signInHref: `/auth/sign-in?return=${encodeURIComponent(here)}`,
    subject,
    groupDesks: link.kind === 'invalid' ? [] : groupDesks(req.site, req.policy, link.invite.group),
    openDesks: openableDesks(req.site, req.policy, req),
  })
  const welcome = link.kind === 'used' && subject !== null && link.invite.closedBy === subject
  sendPage(event, page, welcome ? 200 : STATUS[link.kind])
  setResponseHeader(event, 'cache-control', 'no-store')
  setResponseHeader(event, 'referrer-policy', 'no-referrer')
  return page
})
