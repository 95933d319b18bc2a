// GET /my: the signed-in person's account page; anyone else is asked to sign in.
import { defineEventHandler, setResponseHeader } from 'h3'
import { usePeople } from '../../server/app/people'
import { useSuggestions } from '../../server/app/suggestions'
import { accountGroups } from '../../server/people/account-groups'
import { renderAccountPage } from '../../server/render/people/account-page'
import { pkgAssets } from '../../utils/assets'
import { accountSignInMessage } from '../../server/render/people/people-notices'
import { sendDeskMessage } from '../../utils/desk-reply'
import { readDeskRequest } from '../../utils/desk-request'
import { sendPage } from '../../utils/html-response'

export default defineEventHandler(async (event) => {
  const req = await readDeskRequest(event, 'person')
  if (req.user === null)
    return sendDeskMessage(event, req, accountSignInMessage(req.viewer.signedIn ? null : req.viewer.signInHref))
  const [account, suggestions] = await Promise.all([
    accountGroups(await usePeople(), req.user, new Date()),
    useSuggestions().then((store) => store.by(req.user?.subject ?? '')),
  ])
  const { site, story, viewer, user } = req
  const page = renderAccountPage({
    site,
    story,
    viewer,
    assets: pkgAssets,
    user,
    account,
    signInAgainHref: '/auth/sign-in?return=%2Fmy',
    suggestions,
  })
  sendPage(event, page)
  setResponseHeader(event, 'cache-control', 'private, no-store')
  return page
})
