// Who a page or a post is for, in the terms records use: the policy
// principal, and the submitter value their own records carry.
import { createHash } from 'node:crypto'
import type { Session } from '../sessions'
import type { Principal } from '../policy/request'
import { VISITOR_PREFIX, type Actor } from '../records/types'
import { createBoundedMemo } from '../bounded-memo'
import { visitorCookieKey } from './visitor-cookie'

export interface Visitor {
  readonly principal: Principal
  readonly signedIn: boolean
  /** What this visitor's records carry as submitter; undefined without a session. */
  readonly submitter?: string
  /**
   * Every submitter value whose records are this visitor's: the submitter, and for a
   * visitor known by their cookie the digests of its filing values too.
   */
  readonly submitters?: readonly string[]
  /** Who an event this visitor causes names; undefined without a session. */
  readonly actor?: Actor
}

// Records are kept for years and read on desks, so they carry a digest of
// the session id, never the id: the cookie cannot be rebuilt from a record.
function visitorKey(sessionId: string): string {
  return createHash('sha256').update(`svc-visitor:${sessionId}`).digest('base64url').slice(0, 32)
}

/**
 * `visitorCookie` is the visitor cookie's values (visitor-cookie.ts): who has
 * no session is known by them, once a form has given them one.
 */
export function visitorOf(session: Session | null, principal: Principal, visitorCookie: readonly string[]): Visitor {
  const user = session?.user
  if (user && principal !== null) {
    return {
      principal,
      signedIn: true,
      submitter: user.subject,
      actor: { kind: 'person', subject: user.subject, name: user.name },
    }
  }
  // A session without a person is a sign-in begun and not finished (cancelled, or left with the back button): the
  // visitor is still who their cookie says, or the cases filed in this browser would be out of reach for as long as
  // that session lives. What was filed under the session itself (by releases before the cookie) stays theirs too.
  const [first] = visitorCookie
  if (first === undefined)
    return session === null ? { principal: null, signedIn: false } : anonymousVisitor(visitorKey(session.id), [])
  const inSession = session === null ? [] : [sessionSubmitter(session.id)]
  return anonymousVisitor(visitorCookieKey(first), [...cookieSubmitters(visitorCookie), ...inSession])
}

// Asked on every page view served from the cache; a digest costs more than the rest.
const submitters = createBoundedMemo<string>(10_000)

/** What the records of a visitor known only by their visitor cookie carry as submitter. */
export function cookieSubmitter(visitorCookie: string): string {
  return submitters.get(visitorCookie, () => `${VISITOR_PREFIX}${visitorCookieKey(visitorCookie)}`)
}

/** What the records of a visitor known by their visitor cookie's `values` may carry as submitter. */
export const cookieSubmitters = (values: readonly string[]): readonly string[] => values.map(cookieSubmitter)

/** What the records filed in session `sessionId` before its person signed in carry as submitter. */
export function sessionSubmitter(sessionId: string): string {
  return `${VISITOR_PREFIX}${visitorKey(sessionId)}`
}

function anonymousVisitor(key: string, filings: readonly string[]): Visitor {
  const submitter = `${VISITOR_PREFIX}${key}`
  return {
    principal: null,
    signedIn: false,
    submitter,
    submitters: filings.length === 0 ? [submitter] : filings,
    actor: { kind: 'visitor', session: key },
  }
}
