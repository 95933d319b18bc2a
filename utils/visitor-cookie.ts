// The visitor cookie (server/visitor/visitor-cookie.ts) on a request: read
// without side effects, made only when a page shows a form, and dropped at
// sign-in and sign-out so the next visitor in this browser starts with a value
// nobody has seen.
import { deleteCookie, getCookie, setCookie, type H3Event } from 'h3'
import { SESSION_LIFETIME_MS } from '../server/sessions'
import { newVisitorCookie, readVisitorCookieValue, VISITOR_COOKIE } from '../server/visitor/visitor-cookie'
import { siteCookie, siteCookieName } from './secure'

export function getVisitorCookie(event: H3Event): string | null {
  const made = event.context.svcVisitorCookie as string | null | undefined
  return made === undefined ? readVisitorCookieValue(getCookie(event, siteCookieName(VISITOR_COOKIE))) : made
}

export function ensureVisitorCookie(event: H3Event): string {
  const known = getVisitorCookie(event)
  if (known !== null) return known
  const value = newVisitorCookie()
  // As long as a session: a visitor's own cases stay theirs for that long.
  setCookie(
    event,
    siteCookieName(VISITOR_COOKIE),
    value,
    siteCookie({ maxAge: Math.floor(SESSION_LIFETIME_MS / 1000) }),
  )
  event.context.svcVisitorCookie = value
  return value
}

/**
 * Forgets the visitor cookie (at sign-in, once its cases are claimed, and at
 * sign-out): a value someone planted or saw in this browser marks nothing filed after.
 */
export function dropVisitorCookie(event: H3Event): void {
  deleteCookie(event, siteCookieName(VISITOR_COOKIE), siteCookie())
  event.context.svcVisitorCookie = null
}
