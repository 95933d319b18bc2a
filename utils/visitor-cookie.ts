// The visitor cookie (server/visitor/visitor-cookie.ts) on a request: read
// without side effects, made only when a page shows a form, given a fresh
// value at each anonymous filing, and dropped at sign-in and sign-out so the
// next visitor in this browser starts with values nobody has seen.
import { deleteCookie, getCookie, type H3Event } from 'h3'
import { SESSION_LIFETIME_MS } from '../server/sessions'
import { useFormSecret } from '../server/forms/form-secret'
import {
  filingValue,
  newVisitorCookie,
  readVisitorCookieValues,
  VISITOR_COOKIE,
  withFilingValue,
  writeVisitorCookieValues,
} from '../server/visitor/visitor-cookie'
import { siteCookie, siteCookieName } from './secure'
import { setSiteCookieLine, siteCookieLine } from './site-cookie'

/** The cookie's values, its first (the one forms are signed over) first; none when it has none. */
export function getVisitorCookie(event: H3Event): readonly string[] {
  const made = event.context.svcVisitorCookie as readonly string[] | undefined
  return made ?? readVisitorCookieValues(getCookie(event, siteCookieName(VISITOR_COOKIE)))
}

/** The Set-Cookie line of a visitor cookie holding `values` (the page fast path writes it with its answer). */
export function visitorCookieLine(values: readonly string[]): string {
  // As long as a session: a visitor's own cases stay theirs for that long.
  return siteCookieLine(siteCookieName(VISITOR_COOKIE), writeVisitorCookieValues(values), SESSION_LIFETIME_MS / 1000)
}

function setVisitorCookie(event: H3Event, values: readonly string[]): void {
  setSiteCookieLine(event, visitorCookieLine(values))
  event.context.svcVisitorCookie = values
}

/** The value this visitor's forms are signed over, made now for a first visit. */
export function ensureVisitorCookie(event: H3Event): string {
  const known = getVisitorCookie(event)[0]
  if (known !== undefined) return known
  const value = newVisitorCookie()
  setVisitorCookie(event, [value])
  return value
}

/**
 * The value of the filing whose form carried one-time token `submission`,
 * added to the cookie: the record is filed under it alone, so whoever knew
 * the cookie's values before (someone who planted it) reads nothing filed now.
 */
export async function addFilingValue(event: H3Event, submission: string): Promise<string> {
  const values = getVisitorCookie(event)
  const value = filingValue(await useFormSecret(), values[0] ?? '', submission)
  setVisitorCookie(event, withFilingValue(values, value))
  return value
}

/**
 * Forgets the visitor cookie (at sign-in, once its cases are claimed, and at
 * sign-out): a value someone planted or saw in this browser marks nothing filed after.
 */
export function dropVisitorCookie(event: H3Event): void {
  deleteCookie(event, siteCookieName(VISITOR_COOKIE), siteCookie())
  event.context.svcVisitorCookie = []
}
