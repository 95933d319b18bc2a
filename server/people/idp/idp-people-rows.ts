// The People view on PEOPLE_BACKEND=idp: the provider's members of each of
// the desk's groups, searched and paged as the memberships backend pages
// them, each with what the service knows of how they got there.
import type { PeopleRow } from '../../render/people/member-card'
import type { PeopleQuery } from '../people-query'
import { PEOPLE_PAGE_SIZE, type PeopleSection } from '../people-rows'
import type { IdpAdmin, IdpPerson } from './idp-admin'
import type { Placement, Placements } from './placements'

const names = new Intl.Collator('en')

/** A row's key on the form: `<group>:<provider id>`; null for anything else. */
export function parseIdpRowKey(key: string): { group: string; id: string } | null {
  const at = key.indexOf(':')
  if (at <= 0 || at === key.length - 1) return null
  return { group: key.slice(0, at), id: key.slice(at + 1) }
}

function rowOf(group: string, person: IdpPerson, placement: Placement | undefined): PeopleRow {
  return {
    key: `${group}:${person.id}`,
    atProvider: true,
    invite: null,
    entry: {
      group,
      ...(person.name === undefined ? {} : { name: person.name }),
      ...(person.email === undefined ? {} : { email: person.email }),
      ...(person.phone === undefined ? {} : { phone: person.phone }),
      state: 'active',
      source: placement?.source ?? 'invite',
      since: placement?.at ?? '',
    },
    ...(placement?.source === undefined ? {} : { placedBy: placement.source }),
  }
}

export async function listIdpPeople(
  admin: IdpAdmin,
  placements: Placements,
  groups: readonly string[],
  query: PeopleQuery,
): Promise<PeopleSection[]> {
  const shown = query.group === undefined ? groups : groups.filter((group) => group === query.group)
  const q = query.q.toLowerCase()
  return Promise.all(
    shown.map(async (group) => {
      const [members, kept] = await Promise.all([admin.members(group), placements.inGroup(group)])
      const placed = new Map(kept.filter((p) => p.removed === undefined).map((p) => [p.id, p]))
      const found = members
        .filter((m) => q === '' || [m.name, m.email, m.phone].some((value) => value?.toLowerCase().includes(q)))
        .sort((a, b) => names.compare(a.name ?? '', b.name ?? '') || a.id.localeCompare(b.id))
      const pages = Math.max(1, Math.ceil(found.length / PEOPLE_PAGE_SIZE))
      const page = Math.min(query.group === group ? query.page : 1, pages)
      const rows = found
        .slice((page - 1) * PEOPLE_PAGE_SIZE, page * PEOPLE_PAGE_SIZE)
        .map((person) => rowOf(group, person, placed.get(person.id)))
      return { group, total: found.length, rows, page, pages }
    }),
  )
}
