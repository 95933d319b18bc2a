// A Cedar decision is a pure function of the compiled policies and the
// request, and the same few requests come again on every page view: may this
// person open each navigation link, read this bucket, see this record in its
// state. So each engine keeps its answers, keyed by every field Cedar is
// given. Nothing ever needs forgetting: a new content version is a new engine,
// a new group or a moved record is a new key. The bound only caps memory.
import { createBoundedMemo } from '../bounded-memo'
import type { AuthorizationRequest, Decision, Principal, ResourceRef } from './request'

export interface DecisionMemo {
  get(request: AuthorizationRequest, decide: () => Decision): Decision
}

const DEFAULT_MAX_ENTRIES = 50_000

export function createDecisionMemo(maxEntries = DEFAULT_MAX_ENTRIES): DecisionMemo {
  const answers = createBoundedMemo<Decision>(maxEntries)
  return {
    get: (request, decide) => answers.get(requestKey(request), () => Object.freeze(decide())),
  }
}

// JSON keeps the parts apart whatever characters ids and claims hold.
function requestKey({ principal, action, resource, context }: AuthorizationRequest): string {
  return JSON.stringify([action, principalKey(principal), resourceKey(resource), contextKey(context)])
}

/** Everything about an asker that a decision can depend on, groups as a set. */
export function principalKey(principal: Principal): unknown {
  if (principal === null) return null
  const { subject, email, phone, session } = principal
  // Group order is how the claim happened to list them; Cedar sees a set.
  return [subject, email, phone, session, [...principal.groups].sort()]
}

function resourceKey(resource: ResourceRef): unknown {
  if (resource.type !== 'Record') return [resource.type, resource.id]
  const { id, bucket, state, storyline, submitter, session } = resource
  return [resource.type, id, bucket, state, storyline, submitter, session]
}

function contextKey(context: AuthorizationRequest['context']): unknown {
  if (context === undefined) return null
  return Object.keys(context)
    .sort()
    .map((name) => [name, context[name]])
}
