// State-changing forms carry a token bound to the visitor's session, in the
// `svc_csrf` field (CSRF_FIELD in server/render/form.ts).
import type { H3Event } from 'h3'
import { sameSecret } from '../server/http/same-secret'
import { ensureSession, getSession } from './session'

/** The token for a form; an anonymous visitor gets a session only now that a form needs one. */
export async function getCsrfToken(event: H3Event): Promise<string> {
  return (await ensureSession(event)).csrf
}

/** Whether `submitted` is the visitor's token; never true without a session. */
export async function checkCsrf(event: H3Event, submitted: unknown): Promise<boolean> {
  const session = await getSession(event)
  if (session === null || typeof submitted !== 'string') return false
  return sameSecret(session.csrf, submitted)
}
