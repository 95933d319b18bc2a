// The visitor's session, read from the `svc_session` cookie at most once per
// request. No cookie means no bus access at all; a forged, unknown or expired
// cookie is a signed-out visitor and the cookie is cleared.
import { deleteCookie, getCookie, setCookie, setResponseHeader, type H3Event } from 'h3'
import { useContentStore } from '../server/app/content'
import { BusConflictError } from '../server/bus/errors'
import { useSessions, type Session } from '../server/sessions'
import { englishMessages, messagesFor } from '../server/messages/messages'
import { renderErrorPage } from '../server/render/error-page'
import { pkgAssets } from './assets'
import { sendPage } from './html-response'
import { siteCookie, siteCookieName } from './secure'
import { getStoryline } from './storyline'

export const SESSION_COOKIE = 'svc_session'
// Attempts at a read-modify-write that keeps meeting another request's write.
const SAVE_ATTEMPTS = 3

/** Throws SessionsUnavailableError when the bus cannot answer in time. */
export function getSession(event: H3Event): Promise<Session | null> {
  const cached = event.context.svcSession as Promise<Session | null> | undefined
  if (cached !== undefined) return cached
  const loading = loadSession(event)
  event.context.svcSession = loading
  return loading
}

async function loadSession(event: H3Event): Promise<Session | null> {
  const id = getCookie(event, siteCookieName(SESSION_COOKIE))
  if (id === undefined) return null
  const session = await (await useSessions()).load(id)
  if (session === null) clearSessionCookie(event)
  return session
}

/** The visitor's session, created for an anonymous visitor who needs one. */
export async function ensureSession(event: H3Event): Promise<Session> {
  return (await getSession(event)) ?? startSession(event, await (await useSessions()).create())
}

/** Makes `session` the visitor's from now on. */
export function startSession(event: H3Event, session: Session): Session {
  setCookie(event, siteCookieName(SESSION_COOKIE), session.id, siteCookie({ expires: new Date(session.expires) }))
  event.context.svcSession = Promise.resolve(session)
  return session
}

/** Applies `change` to the visitor's session and saves it, rereading after a concurrent write. */
export async function updateSession(event: H3Event, change: (session: Session) => Session): Promise<Session> {
  const sessions = await useSessions()
  for (let attempt = 1; ; attempt++) {
    const current = await ensureSession(event)
    try {
      const saved = await sessions.save(change(current))
      event.context.svcSession = Promise.resolve(saved)
      return saved
    } catch (error) {
      if (!(error instanceof BusConflictError) || attempt >= SAVE_ATTEMPTS) throw error
      // Changed or signed out meanwhile: read it again (or start afresh).
      event.context.svcSession = undefined
    }
  }
}

/** Deletes the visitor's session and cookie. */
export async function endSession(event: H3Event): Promise<void> {
  const session = await getSession(event)
  if (session !== null) await (await useSessions()).remove(session.id)
  clearSessionCookie(event)
  event.context.svcSession = Promise.resolve(null)
}

function clearSessionCookie(event: H3Event): void {
  deleteCookie(event, siteCookieName(SESSION_COOKIE), siteCookie())
}

/** The short 503 page for a request that needs a session while the bus cannot answer. */
export function sendSessionsUnavailable(event: H3Event): string {
  const site = useContentStore()?.current()?.site
  setResponseHeader(event, 'retry-after', 30)
  const story = site === undefined ? undefined : getStoryline(event, site)
  const m = site === undefined ? englishMessages : messagesFor(site, story ?? 0)
  return sendPage(
    event,
    renderErrorPage({
      site,
      story,
      status: 503,
      title: m.say('sessions.unavailable.title'),
      message: m.say('sessions.unavailable.message'),
      assets: pkgAssets,
    }),
    503,
  )
}
