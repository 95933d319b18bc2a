// The engine for the fixture site and the people the policy tests ask about.
import { createPolicyEngine } from '../../server/policy/engine'
import type { ActionName, Principal, ResourceRef } from '../../server/policy/request'
import { site } from './site'

export const engine = createPolicyEngine(site)

export const anonymous: Principal = null
export const kari: Principal = { subject: 'sub-kari', email: 'Kari@Example.org', groups: [] }
export const ola: Principal = { subject: 'sub-ola', groups: [] }
export const caseworker: Principal = { subject: 'sub-case', groups: ['caseworkers'] }
export const volunteer: Principal = { subject: 'sub-vol', groups: ['volunteers'] }
export const crew: Principal = { subject: 'sub-crew', groups: ['road_crew'] }

export function pothole(state: string, submitter?: string): ResourceRef {
  return { type: 'Record', id: `r-${state}`, bucket: 'potholes', state, storyline: 'plain', submitter }
}

export function ask(principal: Principal, action: ActionName, resource: ResourceRef, context?: Record<string, string>) {
  return engine.authorize({ principal, action, resource, context })
}
