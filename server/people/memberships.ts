// Service-kept memberships in the KV bucket svc_memberships: one entry per
// group and person, keyed `<person key>:<group>` and encoded as the unstorage
// driver encodes keys. Reads come from a watch-fed view in memory
// (membership-view.ts); writes compare and set, so two instances changing
// one membership at once never lose either change.
import { BusConflictError } from '../bus/errors'
import { encodeKvKey } from '../bus/kv-driver'
import { decodeJsonOrUndefined } from '../bus/payload'
import type { Bus } from '../bus/types'
import { membershipKey, membershipSchema, type Membership, type PersonKeys } from './membership-record'
import { compareAndSet } from '../bus/kv-compare-and-set'
import { memoUntilRejected } from '../memo-until-rejected'
import { loadMembershipView, type MembershipView } from './membership-view'
import { createPeopleLog, type PeopleLog } from './people-log'
import { addressKey } from '../address-match'

export type { PersonKeys } from './membership-record'

export const MEMBERSHIPS_KV = 'svc_memberships'

/** A change decides from what is there (null: nothing) what should be; null leaves it as it is. */
export type MembershipChange = (current: Membership | null) => Membership | null

export interface KeptAt {
  readonly entry: Membership
  readonly revision: number
}

export interface Memberships {
  /** Adds the person to the group unless an entry exists for them (whatever its stage); true when added. */
  grant(group: string, person: PersonKeys, since: string): Promise<boolean>
  /** The groups of the person's active memberships, sorted. */
  groupsOf(person: PersonKeys): Promise<string[]>
  view(): Promise<MembershipView>
  /** Compare-and-set on one (encoded) key; what was written, or null when the change left it. */
  change(key: string, change: MembershipChange): Promise<Membership | null>
  /** Active memberships of the group as the bus holds them now, not as this instance's view has heard. */
  activeCount(group: string): Promise<number>
  /** One (encoded) key as the bus holds it now, with its revision; null when there is none. */
  read(key: string): Promise<KeptAt | null>
  /** Deletes one (encoded) key, as a merge does with the entries it folded in, unless it changed since `revision`; false then. */
  dropAt(key: string, revision: number): Promise<boolean>
  readonly log: PeopleLog
}

export function createMemberships(bus: Bus): Memberships {
  const kv = memoUntilRejected(() => bus.kv(MEMBERSHIPS_KV))
  let viewAsked = false
  const loadView = memoUntilRejected(async () => loadMembershipView(await kv()))
  const view = () => {
    viewAsked = true
    return loadView()
  }
  const log = createPeopleLog(bus)
  // This instance's next request sees a write at once; others through the watch.
  const applied = async (key: string, value: Membership | null) => {
    if (viewAsked) (await view()).apply(key, value)
  }

  // Never overwritten: a record this instance cannot read is someone's, and stays as it is.
  const parse = (key: string) => (value: Uint8Array) => {
    const parsed = membershipSchema.safeParse(decodeJsonOrUndefined(value))
    if (!parsed.success) throw new Error(`[svc] [people] the membership ${key} cannot be read; it is left as it is`)
    return parsed.data
  }

  const read = async (key: string): Promise<KeptAt | null> => {
    const found = await (await kv()).get(key)
    return found === null ? null : { entry: parse(key)(found.value), revision: found.revision }
  }

  const change = async (key: string, decide: MembershipChange): Promise<Membership | null> => {
    const written = await compareAndSet(await kv(), key, parse(key), decide)
    if (written !== null) await applied(key, written)
    return written
  }

  return {
    async grant(group, person, since) {
      const raw = membershipKey(person, group)
      if (raw === null) return false
      // Known under another key (invited by address, say): that one membership stands.
      if ((await view()).matching(person).some(({ entry }) => entry.group === group)) return false
      const key = encodeKvKey(raw)
      const entry: Membership = {
        group,
        ...(person.subject ? { subject: person.subject } : {}),
        ...(!person.subject && person.email ? { email: addressKey(person.email) } : {}),
        ...(!person.subject && !person.email && person.phone ? { phone: person.phone } : {}),
        state: person.subject ? 'active' : 'invited',
        source: 'grant',
        since,
      }
      // Already a member, invited, or removed by a desk: a grant never overrides that.
      const written = await change(key, (current) => (current === null ? entry : null))
      if (written === null) return false
      const changed = entry.state === 'active' ? 'activated' : 'invited'
      await log.record({ about: 'membership', key, change: changed, group, actor: { kind: 'service' }, time: since })
      return true
    },
    async groupsOf(person) {
      return (await view()).groupsOf(person)
    },
    view,
    change,
    async activeCount(group) {
      const store = await kv()
      const suffix = encodeKvKey(`:${group}`)
      return (await store.entries()).filter((found) => {
        if (!found.key.endsWith(suffix)) return false
        const parsed = membershipSchema.safeParse(decodeJsonOrUndefined(found.value))
        return parsed.success && parsed.data.group === group && parsed.data.state === 'active'
      }).length
    },
    read,
    async dropAt(key, revision) {
      const store = await kv()
      // The bus deletes only unconditionally: mark the revision read as gone first, so a write made since is kept.
      try {
        await store.update(key, { folded: true }, revision)
      } catch (error) {
        if (error instanceof BusConflictError) return false
        throw error
      }
      await store.delete(key)
      await applied(key, null)
      return true
    },
    log,
  }
}
