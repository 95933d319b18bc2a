// The one place a permission is decided. Routes, desks, self moves, uploads,
// invites and access questions all ask here, against the policies compiled
// from the content being served.
import type { SiteModel } from '../content/model'
import { useCedar } from './cedar'
import { compileContentPolicies } from './compile-content'
import { createDecisionMemo } from './decision-memo'
import { toCedarRequest } from './entities'
import { preparseByAction } from './preparse'
import type { AuthorizationRequest, Decision } from './request'

export interface PolicyEngine {
  authorize(request: AuthorizationRequest): Decision
}

// A SiteModel is immutable and replaced whole on every content change, so the
// model itself keys its compiled policies: callers may ask for the engine of
// the content they serve on every request without compiling again.
const engines = new WeakMap<SiteModel, PolicyEngine>()

export function createPolicyEngine(site: SiteModel): PolicyEngine {
  const known = engines.get(site)
  if (known) return known
  const engine = createEngine(preparseByAction(compileContentPolicies(site)))
  engines.set(site, engine)
  return engine
}

function createEngine(setIds: ReadonlyMap<string, string>): PolicyEngine {
  const cedar = useCedar()
  const memo = createDecisionMemo()
  return {
    authorize: (request) => memo.get(request, () => decide(request)),
  }

  function decide(request: AuthorizationRequest): Decision {
    // The type keeps actions to the schema's, but a route may pass one on
    // from a caller without looking.
    const preparsedPolicySetId = setIds.get(request.action)
    if (preparsedPolicySetId === undefined) return deny([`[svc] [policy] unknown action "${request.action}"`])
    const answer = cedar.statefulIsAuthorized({ ...toCedarRequest(request), preparsedPolicySetId })
    if (answer.type === 'failure') return deny(answer.errors.map((e) => `[svc] [policy] ${e.message}`))
    const { decision, diagnostics } = answer.response
    // A policy that errors is skipped by Cedar, and a skipped forbid could
    // let through what it was written to stop: any error denies.
    const errors = diagnostics.errors.map((e) => `[svc] [policy] ${e.policyId}: ${e.error.message}`)
    // Cedar lists the reasons in no fixed order; sorted, a decision reads the same every time.
    const policies = [...diagnostics.reason].sort()
    return { allowed: decision === 'allow' && errors.length === 0, policies, errors }
  }
}

function deny(errors: string[]): Decision {
  return { allowed: false, policies: [], errors }
}
