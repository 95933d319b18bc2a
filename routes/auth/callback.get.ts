// Finishes a sign-in: the pending sign-in is used up first, so a callback can
// never be replayed; then the code is exchanged and the visitor gets a new
// session id (the old one is deleted), so a planted id is worth nothing. The
// cases this browser filed before signing in become the person's, and the
// storyline kept for the person becomes this browser's.
import { said, type Said } from '../../server/messages/said'
import { defineEventHandler, getRequestURL, sendRedirect } from 'h3'
import { activateMemberships, rememberPerson } from '../../server/app/people'
import { BusConflictError } from '../../server/bus/errors'
import { log } from '../../server/log'
import { SessionsUnavailableError, useSessions } from '../../server/sessions'
import { finishSignIn, isPendingFresh } from '../../server/sign-in/oidc-flow'
import { describeSignInError, isDeclined, isProviderUnavailable } from '../../server/sign-in/sign-in-errors'
import { useSignIn } from '../../server/sign-in/use-sign-in'
import { claimCasesAtSignIn } from '../../utils/claim-cases'
import { dropVisitorCookie } from '../../utils/visitor-cookie'
import { keepStorylineAtSignIn } from '../../utils/kept-storyline'
import { getSession, sendSessionsUnavailable, startSession } from '../../utils/session'
import { sendNoSignInBegun, sendSignInReply } from '../../utils/sign-in-reply'

export default defineEventHandler(async (event) => {
  const signIn = await useSignIn()
  const page = (status: number, title: Said, message: Said, returnTo = '/') =>
    sendSignInReply(event, { status, title, message, returnTo })
  const refused = (why: string, returnTo?: string) => {
    log('warn', 'auth', `[svc] [auth] sign-in refused: ${why}`)
    return page(400, said('sign-in.incomplete.title'), said('sign-in.incomplete.message'), returnTo)
  }

  if (!signIn.on)
    return page(
      503,
      said('sign-in.not-configured.title'),
      said('sign-in.not-configured.message', { reason: signIn.reason }),
    )
  try {
    const sessions = await useSessions()
    const session = await getSession(event)
    const pending = session?.pending
    if (!session || !pending) {
      log('warn', 'auth', '[svc] [auth] sign-in refused: no sign-in was started in this browser')
      return sendNoSignInBegun(event, signIn.settings.callbackUrl)
    }
    try {
      await sessions.save({ ...session, pending: null })
    } catch (error) {
      if (error instanceof BusConflictError) return refused('the sign-in was already finished')
      throw error
    }
    if (!isPendingFresh(pending, Date.now())) return refused('the sign-in took longer than allowed', pending.returnTo)

    const callbackUrl = new URL(pending.callback ?? signIn.settings.callbackUrl)
    callbackUrl.search = getRequestURL(event).search
    let user
    try {
      user = await finishSignIn(await signIn.discover(), signIn.settings, callbackUrl, pending)
    } catch (error) {
      // Cancelled or turned down: no error of the visitor's, so the way back comes first, not "try again".
      if (isDeclined(error))
        return sendSignInReply(event, {
          status: 200,
          title: said('sign-in.declined.title'),
          message: said('sign-in.declined.message'),
          returnTo: pending.returnTo,
          link: { href: pending.returnTo, label: said('sign-in.declined.back') },
        })
      if (!isProviderUnavailable(error)) return refused(describeSignInError(error), pending.returnTo)
      log('error', 'auth', `[svc] [auth] the identity provider is unavailable: ${describeSignInError(error)}`)
      return page(502, said('sign-in.unavailable.title'), said('sign-in.unavailable.message'), pending.returnTo)
    }

    startSession(event, await sessions.create({ user }))
    await sessions.remove(session.id)
    const [, activated] = await Promise.all([
      rememberPerson(user),
      activateMemberships(user),
      claimCasesAtSignIn(event, session.id, user),
      keepStorylineAtSignIn(event, user),
    ])
    // Claimed: whatever the old value marks is the person's now, and a value planted or seen before marks nothing new.
    dropVisitorCookie(event)
    log('info', 'auth', 'signed in', { subject: user.subject, groups: user.groups })
    // Signed in, but an invite being followed was not taken up: said, with a sign-in that tries again, rather than
    // the invite page asking to sign in as though nothing had happened.
    if (!activated && pending.returnTo.startsWith('/invite/'))
      return page(503, said('invite.busy.title'), said('invite.busy.message'), pending.returnTo)
    return sendRedirect(event, pending.returnTo, 302)
  } catch (error) {
    if (error instanceof SessionsUnavailableError) return sendSessionsUnavailable(event)
    throw error
  }
})
