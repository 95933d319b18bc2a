// Starts a sign-in: remembers state, nonce, PKCE verifier and where to
// return in the visitor's session, then sends them to the identity provider.
import { defineEventHandler, getQuery, sendRedirect } from 'h3'
import { useContent } from '../../server/app/content'
import { log } from '../../server/log'
import { SessionsUnavailableError } from '../../server/sessions'
import { beginSignIn } from '../../server/sign-in/oidc-flow'
import { sanitizeReturnPath } from '../../server/sign-in/return-path'
import { describeSignInError } from '../../server/sign-in/sign-in-errors'
import { renderSignInPage } from '../../server/sign-in/sign-in-page'
import { useSignIn } from '../../server/sign-in/use-sign-in'
import { pkgAssets } from '../../utils/assets'
import { sendPage } from '../../utils/html-response'
import { sendSessionsUnavailable, updateSession } from '../../utils/session'
import { getStoryline } from '../../utils/storyline'

export default defineEventHandler(async (event) => {
  const returnTo = sanitizeReturnPath(getQuery(event).return)
  const signIn = await useSignIn()
  const { site } = await useContent()
  const page = (status: number, title: string, message: string) =>
    sendPage(
      event,
      renderSignInPage({
        site,
        story: getStoryline(event, site),
        assets: pkgAssets,
        title,
        message,
        development: signIn.development,
        link:
          status === 503
            ? undefined
            : { href: `/auth/sign-in?return=${encodeURIComponent(returnTo)}`, label: 'Try signing in again' },
      }),
      status,
    )

  if (!signIn.on) return page(503, 'Sign-in is not configured', `Sign-in is not configured (${signIn.reason}).`)
  let start
  try {
    start = await beginSignIn(await signIn.discover(), signIn.settings, returnTo, Date.now())
  } catch (error) {
    log('error', 'auth', `[svc] [auth] the identity provider is unavailable: ${describeSignInError(error)}`)
    return page(
      502,
      'Sign-in is unavailable',
      'The sign-in service is not answering right now. Try again in a few minutes.',
    )
  }
  try {
    await updateSession(event, (session) => ({ ...session, pending: start.pending }))
  } catch (error) {
    if (error instanceof SessionsUnavailableError) return sendSessionsUnavailable(event)
    throw error
  }
  return sendRedirect(event, start.url.href, 302)
})
