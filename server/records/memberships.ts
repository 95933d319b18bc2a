// Service-kept memberships in the KV bucket svc_memberships: one entry per
// group and person, keyed `<personkey>:<group>`. Person first, because every
// signed-in request asks for one person's groups and the bus can list one
// person's keys by prefix. Encoded as the unstorage driver encodes keys, so
// people code can read the same entries through unstorage.
import { z } from 'zod'
import { BusConflictError } from '../bus/errors'
import { decodeKvKey, encodeKvKey } from '../bus/kv-driver'
import { decodeJson } from '../bus/payload'
import type { Bus, BusKv } from '../bus/types'
import { MEMBERSHIPS_KV } from './types'

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

// Entries are also written by invites and sign-in code: read only what this needs.
const storedSchema = z.object({ group: z.string(), state: z.string() })

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
      try {
        await (await kv()).create(encodeKvKey(`${key}:${group}`), entry)
        return true
      } catch (error) {
        // Already a member, invited, or removed by a desk: a grant never overrides that.
        if (error instanceof BusConflictError) return false
        throw error
      }
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
      const store = await kv()
      // Keys start with the person, so the bus lists only this person's entries.
      const keys = (await Promise.all([...wanted].map((person) => store.keys(encodeKvKey(`${person}:`)))))
        .flat()
        .filter((key) => wanted.has(personPart(key)))
      const groups = new Set<string>()
      for (const entry of await Promise.all(keys.map((key) => store.get(key)))) {
        if (entry === null) continue
        const parsed = storedSchema.safeParse(safeJson(entry.value))
        if (parsed.success && parsed.data.state === 'active') groups.add(parsed.data.group)
      }
      return [...groups].sort()
    },
  }
}

// Group names hold no `:`, so the person key is everything before the last one
// (a subject may itself hold `:`, which is why the prefix alone is not enough).
function personPart(encoded: string): string {
  let key: string
  try {
    key = decodeKvKey(encoded)
  } catch {
    return ''
  }
  return key.slice(0, key.lastIndexOf(':'))
}

function safeJson(bytes: Uint8Array): unknown {
  try {
    return decodeJson(bytes)
  } catch {
    return undefined
  }
}
