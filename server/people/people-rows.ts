// What a desk's People view lists: per group, the memberships found by the
// search, people waiting on an invite first, then the active, then the
// removed, a page at a time, so a group of thousands (volunteers granted by
// accepted reports, say) is still one quick page.
import type { PeopleRow } from '../render/people/member-card'
import type { PeopleDeps } from './people-deps'
import type { Membership } from './membership-record'
import type { SeenPerson } from './people-directory'
import type { PeopleQuery } from './people-query'

export const PEOPLE_PAGE_SIZE = 50

const ORDER = { invited: 0, active: 1, removed: 2 } as const
// One collator for every sort: String#localeCompare builds one per call.
const names = new Intl.Collator('en')

export interface PeopleSection {
  readonly group: string
  /** Everyone in the group that the search found. */
  readonly total: number
  readonly rows: readonly PeopleRow[]
  readonly page: number
  readonly pages: number
}

function found(entry: Membership, q: string): boolean {
  if (q === '') return true
  return [entry.name, entry.email, entry.phone].some((value) => value?.toLowerCase().includes(q))
}

/** Who signed in as a subject, for a membership that knows them by nothing else. */
export type SeenBy = (subject: string) => Promise<SeenPerson | null>

// A membership made for a subject (a grant, the responsible pass) learns the name and address only at the
// person's next sign-in; until then the People view shows what their last sign-in verified.
async function filledIn(entry: Membership, seenBy: SeenBy | undefined): Promise<Membership> {
  if (seenBy === undefined || entry.subject === undefined || (entry.name && entry.email)) return entry
  const seen = await seenBy(entry.subject)
  if (seen === null) return entry
  return {
    ...entry,
    name: entry.name || seen.name || '',
    ...((entry.email ?? seen.email) ? { email: entry.email ?? seen.email } : {}),
  }
}

export async function listPeople(
  { memberships, invites }: Pick<PeopleDeps, 'memberships' | 'invites'>,
  groups: readonly string[],
  query: PeopleQuery,
  seenBy?: SeenBy,
): Promise<PeopleSection[]> {
  const shown = query.group === undefined ? groups : groups.filter((group) => group === query.group)
  const view = await memberships.view()
  const q = query.q.toLowerCase()
  return Promise.all(
    shown.map(async (group) => {
      const kept = view
        .inGroups([group])
        .filter(({ entry }) => found(entry, q))
        .sort(
          (a, b) =>
            ORDER[a.entry.state] - ORDER[b.entry.state] ||
            names.compare(a.entry.name ?? '', b.entry.name ?? '') ||
            a.key.localeCompare(b.key),
        )
      const pages = Math.max(1, Math.ceil(kept.length / PEOPLE_PAGE_SIZE))
      const page = Math.min(query.group === group ? query.page : 1, pages)
      const slice = kept.slice((page - 1) * PEOPLE_PAGE_SIZE, page * PEOPLE_PAGE_SIZE)
      const rows = await Promise.all(
        slice.map(async ({ key, entry }) => ({
          key,
          entry: await filledIn(entry, seenBy),
          // Only a pending invite's link is shown, so active people read no invite.
          invite: entry.state !== 'invited' || entry.invite === undefined ? null : await invites.get(entry.invite),
        })),
      )
      return { group, total: kept.length, rows, page, pages }
    }),
  )
}
