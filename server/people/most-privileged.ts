// SPEC 1, rule 5: the most privileged group is the group of the desk that may
// invite into the most distinct groups; of desks that tie, the one whose file
// name sorts first (docs/content.md, Groups). SEED_GROUP overrides it.
import type { Desk, SiteModel } from '../content/model'

export function mostPrivilegedGroup(site: SiteModel, seedGroup?: string): string | null {
  if (seedGroup !== undefined) return seedGroup
  let best: Desk | undefined
  for (const desk of site.desks.values())
    if (best === undefined || desk.invites.length > best.invites.length) best = desk
  return best?.group ?? null
}

/** The desk a group's invites are on file with: the first of that group's own desks, else the first that invites into it. */
export function deskOfGroup(site: SiteModel, group: string): Desk | null {
  const desks = [...site.desks.values()]
  return desks.find((desk) => desk.group === group) ?? desks.find((desk) => desk.invites.includes(group)) ?? null
}
