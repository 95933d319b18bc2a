// Every instance keeps svc_memberships in memory, fed by a watch: a signed-in
// request asks for its person's groups, a People view lists a desk's groups,
// and neither may cost a listing on the bus each time. A change made on
// another instance arrives through the watch within milliseconds.
import { decodeKvKey } from '../bus/kv-driver'
import { mirrorKv } from '../bus/kv-mirror'
import { decodeJsonOrUndefined } from '../bus/payload'
import type { BusKv } from '../bus/types'
import { matchKeys, membershipSchema, type Membership, type PersonKeys } from './membership-record'

export interface KeptMembership {
  /** The KV key, as stored (encoded). */
  readonly key: string
  readonly entry: Membership
}

export interface MembershipView {
  /** Active groups of whoever matches any of these keys, sorted. */
  groupsOf(person: PersonKeys): string[]
  /** Every membership, in any stage, that matches the person on some key (one tied to another subject never does). */
  matching(person: PersonKeys): KeptMembership[]
  /** The memberships of these groups, in any stage. */
  inGroups(groups: readonly string[]): KeptMembership[]
  /** Applies a write this instance just made, before the watch brings it back. */
  apply(encodedKey: string, value: Uint8Array | object | null): void
}

export async function loadMembershipView(kv: BusKv): Promise<MembershipView> {
  const entries = new Map<string, Membership>()
  // match key (`email:…`) -> KV keys of the memberships it matches
  const index = new Map<string, Set<string>>()

  const unindex = (key: string) => {
    const old = entries.get(key)
    if (old === undefined) return
    for (const match of matchKeys(old)) index.get(match)?.delete(key)
    entries.delete(key)
  }
  const apply = (key: string, value: Uint8Array | object | null) => {
    unindex(key)
    if (value === null || !isMembershipKey(key)) return
    const parsed = membershipSchema.safeParse(value instanceof Uint8Array ? decodeJsonOrUndefined(value) : value)
    if (!parsed.success) return
    entries.set(key, parsed.data)
    for (const match of matchKeys(parsed.data)) {
      const keys = index.get(match) ?? new Set<string>()
      keys.add(key)
      index.set(match, keys)
    }
  }
  // A membership tied to a subject is that account's alone: another account
  // with the same address or number (a reassigned mailbox, a provider giving
  // one person two subjects) neither gets its group nor takes it over. Asked
  // about by address or number only (an access question), it is found by what
  // it learned.
  const matching = (person: PersonKeys): KeptMembership[] => {
    const keys = new Set(matchKeys(person).flatMap((match) => [...(index.get(match) ?? [])]))
    return [...keys].flatMap((key) => {
      const entry = entries.get(key)
      if (entry === undefined) return []
      const theirs = person.subject === undefined || entry.subject === undefined || entry.subject === person.subject
      return theirs ? [{ key, entry }] : []
    })
  }

  await mirrorKv(kv, apply)
  return {
    groupsOf(person) {
      const groups = matching(person)
        .filter(({ entry }) => entry.state === 'active')
        .map(({ entry }) => entry.group)
      return [...new Set(groups)].sort()
    },
    matching,
    inGroups(groups) {
      const wanted = new Set(groups)
      return [...entries].filter(([, entry]) => wanted.has(entry.group)).map(([key, entry]) => ({ key, entry }))
    },
    apply,
  }
}

// `<person key>:<group>`; anything else in the bucket is not a membership.
function isMembershipKey(encoded: string): boolean {
  try {
    return decodeKvKey(encoded).includes(':')
  } catch {
    return false
  }
}
