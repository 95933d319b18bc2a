// State-changing forms carry a token in the `svc_csrf` field (CSRF_FIELD in
// server/render/form.ts): a signed-in person's is their session's; a visitor
// without one gets a signed double submit over the visitor cookie
// (server/forms/form-token.ts), so showing a form stores nothing.
import { getRequestHeader, type H3Event } from 'h3'
import { useConfig } from '../server/config/use-config'
import { useFormSecret } from '../server/forms/form-secret'
import { formToken, isFormToken } from '../server/forms/form-token'
import { isCrossSite } from '../server/http/cross-site'
import { sameToken } from '../server/http/same-secret'
import { getSession } from './session'
import { ensureVisitorCookie, getVisitorCookie } from './visitor-cookie'

/** The token for a form this visitor is shown; an anonymous visitor gets the visitor cookie now. */
export async function getCsrfToken(event: H3Event): Promise<string> {
  const session = await getSession(event)
  if (session === null) return formToken(await useFormSecret(), ensureVisitorCookie(event))
  // A sign-in begun and not finished: the visitor files as who their cookie says (server/visitor/visitor.ts), so a
  // filing and a repeat of its post are the same visitor's.
  if (!session.user) ensureVisitorCookie(event)
  return session.csrf
}

/** Whether a post with `submitted` as its token is the visitor's own. */
export async function checkCsrf(event: H3Event, submitted: unknown): Promise<boolean> {
  if (typeof submitted !== 'string' || isCrossSitePost(event)) return false
  const session = await getSession(event)
  if (session !== null && sameToken(session.csrf, submitted)) return true
  // A signed-in person's posts carry their session's token and nothing else.
  if (session?.user) return false
  const cookie = getVisitorCookie(event)[0]
  return cookie !== undefined && isFormToken(await useFormSecret(), cookie, submitted)
}

// PUBLIC_URL's origin, worked out on the first post: the config is fixed at start.
let publicOrigin: { readonly value: string | undefined } | null = null

function isCrossSitePost(event: H3Event): boolean {
  if (publicOrigin === null) {
    const publicUrl = useConfig().PUBLIC_URL
    publicOrigin = { value: publicUrl === undefined ? undefined : new URL(publicUrl).origin }
  }
  return isCrossSite({
    secFetchSite: getRequestHeader(event, 'sec-fetch-site'),
    origin: getRequestHeader(event, 'origin'),
    host: getRequestHeader(event, 'host'),
    publicOrigin: publicOrigin.value,
  })
}
