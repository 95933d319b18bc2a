// What every desk route needs to know about the request: the content, the
// visitor's storyline, who is asking and what the header shows. The only
// desk module that touches h3; the rest is plain domain code.
import { getRouterParam, type H3Event } from 'h3'
import { getPrincipal } from '../../utils/caller'
import { getSession } from '../../utils/session'
import { getStoryline } from '../../utils/storyline'
import { getViewer } from '../../utils/viewer'
import { useContent } from '../app/content'
import { usePolicy } from '../app/policy'
import type { SiteModel } from '../content/model'
import type { SessionUser } from '../sessions'
import type { PolicyEngine } from '../policy/engine'
import type { Principal } from '../policy/request'
import type { Viewer } from '../render/account'

export interface DeskRequest {
  readonly site: SiteModel
  readonly story: number
  readonly principal: Principal
  readonly user: SessionUser | null
  readonly policy: PolicyEngine
  readonly viewer: Viewer
}

export async function readDeskRequest(event: H3Event): Promise<DeskRequest> {
  const { site } = await useContent()
  const story = getStoryline(event, site)
  const [principal, session, policy, viewer] = await Promise.all([
    getPrincipal(event), getSession(event), usePolicy(), getViewer(event, site, story),
  ])
  return { site, story, principal, user: session?.user ?? null, policy, viewer }
}

/** A path parameter as the router matched it, or '' (which no check accepts). */
export function pathParam(event: H3Event, name: string): string {
  return getRouterParam(event, name) ?? ''
}
