// The sign-out page: a real form carrying the CSRF token, so a link in any
// page header can lead here and signing out works without script.
import { defineEventHandler } from 'h3'
import { useContent } from '../../server/app/content'
import { messagesFor } from '../../server/messages/messages'
import { said } from '../../server/messages/said'
import { renderSignInPage, renderSignOutForm } from '../../server/sign-in/sign-in-page'
import { useSignIn } from '../../server/sign-in/use-sign-in'
import { pkgAssets } from '../../utils/assets'
import { sendPage } from '../../utils/html-response'
import { getSession } from '../../utils/session'
import { getStoryline } from '../../utils/storyline'

export default defineEventHandler(async (event) => {
  const { site } = await useContent()
  const { development } = await useSignIn()
  const session = await getSession(event)
  const story = getStoryline(event, site)
  const m = messagesFor(site, story)
  const common = { site, story, assets: pkgAssets, development }
  if (!session?.user) {
    return sendPage(
      event,
      renderSignInPage({
        ...common,
        title: said('sign-out.title'),
        message: said('sign-out.not-signed-in'),
        link: { href: '/', label: said('layout.home-link') },
      }),
    )
  }
  const who = session.user.name ?? session.user.email ?? m.say('sign-out.this-account')
  return sendPage(
    event,
    renderSignInPage({
      ...common,
      title: said('sign-out.title'),
      message: said('sign-out.signed-in-as', { who }),
      form: renderSignOutForm(session.csrf, m),
    }),
  )
})
