// One request's visitor, worked out once from the event: content, storyline,
// session, principal, policy and records.
import type { H3Event } from 'h3'
import { useContent } from '../app/content'
import { useRecords } from '../app/records'
import type { Session } from '../sessions'
import { useSignIn } from '../sign-in/use-sign-in'
import { createPolicyEngine } from '../policy/engine'
import type { Records } from '../records/records'
import { getPrincipal } from '../../utils/caller'
import { getSession } from '../../utils/session'
import { getStoryline } from '../../utils/storyline'
import type { PageContext } from './context'
import { visitorOf } from './visitor'

export interface Visit {
  readonly ctx: PageContext
  readonly session: Session | null
  readonly records: Records
  readonly signInOn: boolean
}

/** Throws SessionsUnavailableError when the bus cannot answer for the session. */
export async function startVisit(event: H3Event): Promise<Visit> {
  const [{ site }, live, signIn] = await Promise.all([useContent(), useRecords(), useSignIn()])
  const [session, principal] = await Promise.all([getSession(event), getPrincipal(event)])
  return {
    ctx: { site, story: getStoryline(event, site), policy: createPolicyEngine(site), index: live.index, visitor: visitorOf(session, principal) },
    session,
    records: live.records,
    signInOn: signIn.on,
  }
}

/** Sign in and come back to `path`; undefined when sign-in is off. */
export function signInHref(visit: Visit, path: string): string | undefined {
  return visit.signInOn ? `/auth/sign-in?return=${encodeURIComponent(path)}` : undefined
}
