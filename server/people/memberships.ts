// Service-kept memberships in the KV bucket svc_memberships: one entry per
// group and person, keyed `<personkey>:<group>` and encoded as the unstorage
// driver encodes keys, so people code can read the same entries through
// unstorage. Reads come from a watch-fed view in memory (membership-view.ts).
import { BusConflictError } from '../bus/errors'
import { encodeKvKey } from '../bus/kv-driver'
import type { Bus, BusKv } from '../bus/types'
import { loadMembershipView, type MembershipView } from './membership-view'

/**
 * Service-kept memberships, one entry per group and person (`<personkey>:<group>`,
 * person first so one person's entries list by prefix).
 */
export const MEMBERSHIPS_KV = 'svc_memberships'

/** Whatever the provider (or a form) tells about a person; any one may match. */
export interface PersonKeys {
  readonly subject?: string
  readonly email?: string
  readonly phone?: string
}

interface Membership {
  readonly group: string
  readonly subject?: string
  readonly email?: string
  readonly phone?: string
  /** `invited` until the person signs in with that address or number. */
  readonly state: 'active' | 'invited'
  readonly source: 'grant'
  readonly since: string
}

export interface Memberships {
  /** Adds the person to the group unless an entry exists for them (whatever its state); true when added. */
  grant(group: string, person: PersonKeys, since: string): Promise<boolean>
  /** The groups of the person's active memberships, sorted. */
  groupsOf(person: PersonKeys): Promise<string[]>
}

/** The one key a membership is filed under: the subject when known, else the address, else the number. */
function personKey(person: PersonKeys): string | null {
  if (person.subject) return `sub:${person.subject}`
  if (person.email) return `email:${person.email.trim().toLowerCase()}`
  if (person.phone) return `phone:${person.phone}`
  return null
}

export function createMemberships(bus: Bus): Memberships {
  let opening: Promise<BusKv> | undefined
  const kv = () =>
    (opening ??= bus.kv(MEMBERSHIPS_KV).catch((error: unknown) => {
      opening = undefined
      throw error
    }))
  let loading: Promise<MembershipView> | undefined
  const view = () =>
    (loading ??= kv()
      .then(loadMembershipView)
      .catch((error: unknown) => {
        loading = undefined
        throw error
      }))

  return {
    async grant(group, person, since) {
      const key = personKey(person)
      if (key === null) return false
      const entry: Membership = {
        group,
        ...(person.subject ? { subject: person.subject } : {}),
        ...(!person.subject && person.email ? { email: person.email.trim().toLowerCase() } : {}),
        ...(!person.subject && !person.email && person.phone ? { phone: person.phone } : {}),
        state: person.subject ? 'active' : 'invited',
        source: 'grant',
        since,
      }
      const encoded = encodeKvKey(`${key}:${group}`)
      try {
        await (await kv()).create(encoded, entry)
      } catch (error) {
        // Already a member, invited, or removed by a desk: a grant never overrides that.
        if (error instanceof BusConflictError) return false
        throw error
      }
      // This instance's next request sees it at once; others through the watch.
      if (loading) (await view()).apply(encoded, entry)
      return true
    },

    async groupsOf(person) {
      const wanted = new Set(
        [
          person.subject && personKey({ subject: person.subject }),
          person.email && personKey({ email: person.email }),
          person.phone && personKey({ phone: person.phone }),
        ].filter((key): key is string => typeof key === 'string' && key !== ''),
      )
      if (wanted.size === 0) return []
      return (await view()).groupsOf(wanted)
    },
  }
}
