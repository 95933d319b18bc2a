// The groups of people the service has seen sign in, found by any key the
// provider verified: subject, address or phone. Access questions that name a
// person without groups are answered from here.
import { encodeKvKey } from '../bus/kv-driver'
import { decodeJson } from '../bus/payload'
import type { BusKv } from '../bus/types'
import type { PersonKeys } from './memberships'
import { addressKey } from '../address-match'

/** KV bucket of the people seen signing in, by `sub:`, `email:` and `phone:` keys. */
export const PEOPLE_KV = 'svc_people'

interface Entry {
  readonly groups: readonly string[]
  readonly seenAt: string
  /** The address the provider gave at the last sign-in, unless it said it was not verified. */
  readonly email?: string
  /** The name the provider gave at the last sign-in. */
  readonly name?: string
}

/** Who signed in as a subject, as the provider last told it: what a membership known only by its subject lacks. */
export interface SeenPerson {
  readonly name?: string
  readonly email?: string
}

export interface PeopleDirectory {
  remember(person: PersonKeys & { readonly name?: string }, groups: readonly string[], now?: Date): Promise<void>
  /** Groups of the first key that matches, or null when nobody by that key was seen. */
  groupsOf(person: PersonKeys): Promise<readonly string[] | null>
  /** Where to mail the person who signed in as `subject`, or null when they gave no verified address. */
  addressOf(subject: string): Promise<string | null>
  /** The name and verified address of who signed in as `subject`, or null when nobody did. */
  personOf(subject: string): Promise<SeenPerson | null>
}

export function createPeopleDirectory(kv: BusKv): PeopleDirectory {
  const keysOf = (p: PersonKeys) =>
    [p.subject && `sub:${p.subject}`, p.email && `email:${addressKey(p.email)}`, p.phone && `phone:${p.phone}`]
      .filter((k): k is string => Boolean(k))
      .map(encodeKvKey)

  return {
    async remember(person, groups, now = new Date()) {
      const entry: Entry = {
        groups: [...groups],
        seenAt: now.toISOString(),
        ...(person.email === undefined ? {} : { email: person.email }),
        ...(person.name ? { name: person.name } : {}),
      }
      await Promise.all(keysOf(person).map((key) => kv.put(key, entry)))
    },
    async groupsOf(person) {
      for (const key of keysOf(person)) {
        const found = await kv.get(key)
        if (found) return decodeJson<Entry>(found.value).groups
      }
      return null
    },
    async addressOf(subject) {
      const found = await kv.get(encodeKvKey(`sub:${subject}`))
      return found === null ? null : (decodeJson<Entry>(found.value).email ?? null)
    },
    async personOf(subject) {
      const found = await kv.get(encodeKvKey(`sub:${subject}`))
      if (found === null) return null
      const { name, email } = decodeJson<Entry>(found.value)
      return { ...(name === undefined ? {} : { name }), ...(email === undefined ? {} : { email }) }
    },
  }
}
