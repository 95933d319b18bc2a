// The visitor cookie (server/visitor/visitor-cookie.ts) on a request: read
// without side effects, made only when a page shows a form.
import { getCookie, setCookie, type H3Event } from 'h3'
import { SESSION_LIFETIME_MS } from '../server/sessions'
import { newVisitorCookie, readVisitorCookieValue, VISITOR_COOKIE } from '../server/visitor/visitor-cookie'
import { siteCookie } from './secure'

export function getVisitorCookie(event: H3Event): string | null {
  const made = event.context.svcVisitorCookie as string | undefined
  return made ?? readVisitorCookieValue(getCookie(event, VISITOR_COOKIE))
}

export function ensureVisitorCookie(event: H3Event): string {
  const known = getVisitorCookie(event)
  if (known !== null) return known
  const value = newVisitorCookie()
  // As long as a session: a visitor's own cases stay theirs for that long.
  setCookie(event, VISITOR_COOKIE, value, siteCookie({ maxAge: Math.floor(SESSION_LIFETIME_MS / 1000) }))
  event.context.svcVisitorCookie = value
  return value
}
