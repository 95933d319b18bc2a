// Desks: the desk's group reads its buckets, takes their declared moves,
// erases personal data when the desk says `erase: true`, invites into the
// listed groups and opens the desk.
import type { Bucket, Desk, SiteModel } from '../content/model'
import { cedarString, cedarStringSet, type CompiledPolicy } from './cedar-text'

export function compileDeskPolicies(site: SiteModel): CompiledPolicy[] {
  return [...site.desks.values()].flatMap((desk) => compileDesk(desk, site.buckets))
}

function compileDesk(desk: Desk, buckets: ReadonlyMap<string, Bucket>): CompiledPolicy[] {
  const group = `principal in Group::${cedarString(desk.group)}`
  const id = `desk:${desk.name}`
  const policies: CompiledPolicy[] = []
  for (const name of desk.buckets) {
    const bucket = `Bucket::${cedarString(name)}`
    policies.push([`${id}:read:${name}`, `permit (${group}, action == Action::"read", resource in ${bucket});`])
    if (desk.erase === true)
      policies.push([
        `${id}:erase:${name}`,
        `permit (${group}, action == Action::"erase", resource is Record in ${bucket})\nwhen { context.via == "desk" };`,
      ])
    const moves = buckets.get(name)?.moves ?? []
    if (moves.length === 0) continue
    // The policy holds a desk to the bucket's edges: a move is only taken
    // from a state in its `from`, whatever a caller names as the edge.
    const edges = moves
      .map((m) => `(context.edge == ${cedarString(m.name)} && ${cedarStringSet(m.from)}.contains(resource.state))`)
      .join(' ||\n  ')
    policies.push([
      `${id}:move:${name}`,
      `permit (${group}, action == Action::"move", resource is Record in ${bucket})\nwhen {\n  ${edges}\n};`,
    ])
  }
  for (const invited of desk.invites) {
    policies.push([
      `${id}:invite:${invited}`,
      `permit (${group}, action == Action::"invite", resource == Group::${cedarString(invited)});`,
    ])
  }
  policies.push([
    `${id}:open`,
    `permit (${group}, action == Action::"open", resource == Desk::${cedarString(desk.name)});`,
  ])
  return policies
}
