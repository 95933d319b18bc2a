// Parsing the policy set is most of what an isAuthorized call costs, so each
// set is parsed once into cedar-wasm's cache and named in every call after.
// The set is split per action: Cedar evaluates every policy it is given, and
// a `read` check has no use for the rules about moves and forms.
import { createHash } from 'node:crypto'
import type { EntityUidJson } from '@cedar-policy/cedar-wasm/nodejs'
import { useCedar } from './cedar'
import type { PolicyTexts } from './compile-content'
import { POLICY_ACTIONS, type ActionName } from './schema'

/**
 * Preparses the set and returns the cache id to use for each action. The id
 * is a hash of the whole set, so engines for different content never share a
 * slot and reloading unchanged content reuses its own. cedar-wasm has no way
 * to drop a cached set: each distinct policy set stays until the process ends.
 */
export function preparseByAction(policies: PolicyTexts): ReadonlyMap<ActionName, string> {
  const cedar = useCedar()
  const hash = createHash('sha256').update(JSON.stringify(policies)).digest('hex').slice(0, 16)
  const byAction = new Map<string, Record<string, string>>(POLICY_ACTIONS.map((a) => [a, {}]))
  for (const [id, text] of Object.entries(policies)) {
    for (const action of actionsOf(id, text)) {
      const set = byAction.get(action)
      if (set) set[id] = text
    }
  }
  const ids = new Map<ActionName, string>()
  for (const action of POLICY_ACTIONS) {
    const set = byAction.get(action) ?? {}
    const setId = `svc:${hash}:${action}`
    const answer = cedar.preparsePolicySet(setId, { staticPolicies: set })
    if (answer.type === 'failure') {
      throw new Error(
        `[svc] [policy] the ${action} policies do not parse: ${answer.errors.map((e) => e.message).join('; ')}`,
      )
    }
    ids.set(action, setId)
  }
  return ids
}

// The schema has no action groups, so `action in [...]` names exactly the
// actions listed, just as `action == ...` names one.
function actionsOf(id: string, text: string): readonly string[] {
  const answer = useCedar().policyToJson(text)
  if (answer.type === 'failure') {
    throw new Error(`[svc] [policy] ${id} does not parse: ${answer.errors.map((e) => e.message).join('; ')}`)
  }
  const scope = answer.json.action
  if (scope.op === 'All') return POLICY_ACTIONS
  if ('entities' in scope) return scope.entities.map(entityId)
  return 'entity' in scope ? [entityId(scope.entity)] : []
}

function entityId(uid: EntityUidJson): string {
  return '__entity' in uid ? uid.__entity.id : uid.id
}
