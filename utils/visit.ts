// Assembling a request's visit at the edge: the content snapshot is read
// once, and the policy, page context and header all come from that one.
import type { H3Event } from 'h3'
import { useContent } from '../server/app/content'
import { useRecords } from '../server/app/records'
import { createPolicyEngine } from '../server/policy/engine'
import { useSignIn } from '../server/sign-in/use-sign-in'
import type { Visit } from '../server/visitor/visit'
import { visitorOf } from '../server/visitor/visitor'
import { getPrincipal } from './caller'
import { getSession } from './session'
import { getStoryline } from './storyline'
import { getVisitorCookie } from './visitor-cookie'

/** Throws SessionsUnavailableError when the bus cannot answer for the session. */
export async function startVisit(event: H3Event): Promise<Visit> {
  const [{ site }, live, signIn] = await Promise.all([useContent(), useRecords(), useSignIn()])
  const [session, principal] = await Promise.all([getSession(event), getPrincipal(event)])
  return {
    ctx: {
      site,
      story: getStoryline(event, site),
      policy: createPolicyEngine(site),
      index: live.index,
      visitor: visitorOf(session, principal, getVisitorCookie(event)),
    },
    session,
    records: live.records,
    signInOn: signIn.on,
  }
}
