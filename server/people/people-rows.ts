// What a desk's People view lists: the memberships of its groups with their
// invites, people waiting on an invite first, then the active, then the removed.
import type { PeopleRow } from '../render/people/member-card'
import type { PeopleDeps } from './people-deps'

const ORDER = { invited: 0, active: 1, removed: 2 } as const

export async function listPeople(
  { memberships, invites }: Pick<PeopleDeps, 'memberships' | 'invites'>,
  groups: readonly string[],
): Promise<PeopleRow[]> {
  const kept = (await memberships.view()).inGroups(groups)
  const rows = await Promise.all(
    kept.map(async ({ key, entry }) => ({
      key,
      entry,
      // Only a pending invite's link is shown, so a long list of active people reads no invite.
      invite: entry.state !== 'invited' || entry.invite === undefined ? null : await invites.get(entry.invite),
    })),
  )
  return rows.sort(
    (a, b) =>
      ORDER[a.entry.state] - ORDER[b.entry.state] ||
      (a.entry.name ?? '').localeCompare(b.entry.name ?? '') ||
      a.key.localeCompare(b.key),
  )
}
