// Starts a sign-in: remembers state, nonce, PKCE verifier and where to
// return in the visitor's session, then sends them to the identity provider.
import { defineEventHandler, getQuery, getRequestURL, sendRedirect } from 'h3'
import { log } from '../../server/log'
import { said, type Said } from '../../server/messages/said'
import { SessionsUnavailableError } from '../../server/sessions'
import { findAddressMismatch } from '../../server/sign-in/address-mismatch'
import { beginSignIn } from '../../server/sign-in/oidc-flow'
import { sanitizeReturnPath } from '../../server/sign-in/return-path'
import { describeSignInError } from '../../server/sign-in/sign-in-errors'
import { callbackFor } from '../../server/sign-in/sign-in-settings'
import { useSignIn } from '../../server/sign-in/use-sign-in'
import { sendSessionsUnavailable, updateSession } from '../../utils/session'
import { sendAddressMismatch, sendSignInReply } from '../../utils/sign-in-reply'
import { getBrowserAddress } from '../../utils/browser-address'

export default defineEventHandler(async (event) => {
  const returnTo = sanitizeReturnPath(getQuery(event).return)
  const signIn = await useSignIn()
  const page = (status: number, title: Said, message: Said) =>
    sendSignInReply(event, { status, title, message, returnTo: status === 503 ? null : returnTo })

  if (!signIn.on)
    return page(
      503,
      said('sign-in.not-configured.title'),
      said('sign-in.not-configured.message', { reason: signIn.reason }),
    )
  const mismatch = findAddressMismatch(signIn.settings.callbackUrls, getBrowserAddress(event))
  if (mismatch !== null) return sendAddressMismatch(event, mismatch, returnTo)
  let start
  try {
    // Back to the registered callback on the name the browser used (development's localhost or 127.0.0.1).
    const callback = callbackFor(signIn.settings, getRequestURL(event).origin)
    start = await beginSignIn(await signIn.discover(), signIn.settings, returnTo, Date.now(), callback)
  } catch (error) {
    log('error', 'auth', `[svc] [auth] the identity provider is unavailable: ${describeSignInError(error)}`)
    return page(502, said('sign-in.unavailable.title'), said('sign-in.unavailable.message'))
  }
  try {
    await updateSession(event, (session) => ({ ...session, pending: start.pending }))
  } catch (error) {
    if (error instanceof SessionsUnavailableError) return sendSessionsUnavailable(event)
    throw error
  }
  return sendRedirect(event, start.url.href, 302)
})
