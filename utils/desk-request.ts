// Assembling a desk route's request at the edge: the content snapshot is read
// once, and the policy and the header come from that one.
import { getRouterParam, type H3Event } from 'h3'
import { useContent } from '../server/app/content'
import { staffStory } from '../server/content/staff-story'
import type { DeskRequest } from '../server/desk/desk-request'
import { createPolicyEngine } from '../server/policy/engine'
import { getPrincipal } from './caller'
import { getSession } from './session'
import { getStoryline } from './storyline'
import { getViewer } from './viewer'

/**
 * Desks and the People view are read in the staff storyline; a person's own
 * pages built from the same parts (their account, an invite link) in theirs.
 */
export async function readDeskRequest(event: H3Event, reader: 'staff' | 'person' = 'staff'): Promise<DeskRequest> {
  const { site } = await useContent()
  const story = reader === 'staff' ? staffStory(site) : getStoryline(event, site)
  const policy = createPolicyEngine(site)
  const [principal, session, viewer] = await Promise.all([
    getPrincipal(event),
    getSession(event),
    getViewer(event, site, story, policy),
  ])
  return { site, story, principal, user: session?.user ?? null, policy, viewer }
}

/** A path parameter as the router matched it, or '' (which no check accepts). */
export function pathParam(event: H3Event, name: string): string {
  return getRouterParam(event, name) ?? ''
}
