// The responsible pass on the memberships backend (SPEC 1 rule 2): a
// membership in RESPONSIBLE_GROUP with source `responsible`, active at the
// person's first sign-in; someone no page names any more leaves it, but only
// where the pass put them there.
import { encodeKvKey } from '../bus/kv-driver'
import { log } from '../log'
import { matchKeys, membershipKey, type Membership } from './membership-record'
import type { Memberships } from './memberships'
import type { ResponsiblePerson } from './responsible-people'

const SERVICE = { kind: 'service' } as const

/**
 * A membership in the group unless they have one there already, in whatever stage: a desk's removal stands; one
 * the pass itself ended (no page named them for a while) comes back.
 */
export async function joinResponsibleMembership(
  memberships: Memberships,
  person: ResponsiblePerson,
  group: string,
  now: Date,
): Promise<boolean> {
  const time = now.toISOString()
  const there = (await memberships.view()).matching(person).find(({ entry }) => entry.group === group)
  if (there !== undefined) {
    const { entry } = there
    if (entry.source !== 'responsible' || entry.state !== 'removed' || entry.by?.kind !== 'service') return false
    const back = await memberships.change(there.key, (current) =>
      current?.state === 'removed' && current.by?.kind === 'service'
        ? { ...current, state: current.subject === undefined ? 'invited' : 'active', since: time, by: SERVICE }
        : null,
    )
    if (back === null) return false
    const change = back.state === 'active' ? 'activated' : 'invited'
    await memberships.log.record({ about: 'membership', key: there.key, change, group, actor: SERVICE, time })
    return true
  }
  const raw = membershipKey(person, group)
  if (raw === null) return false
  const key = encodeKvKey(raw)
  const entry: Membership = {
    group,
    ...(person.email === undefined ? {} : { email: person.email }),
    ...(person.phone === undefined ? {} : { phone: person.phone }),
    name: person.name,
    state: 'invited',
    source: 'responsible',
    since: time,
    by: SERVICE,
  }
  if ((await memberships.change(key, (current) => (current === null ? entry : null))) === null) return false
  await memberships.log.record({ about: 'membership', key, change: 'invited', group, actor: SERVICE, time })
  return true
}

/** Memberships the pass made for people no page names any more: removed by the service. */
export async function leaveResponsibleMemberships(
  memberships: Memberships,
  people: readonly ResponsiblePerson[],
  group: string,
  now: Date,
): Promise<number> {
  const named = new Set(people.flatMap((person) => matchKeys(person)))
  const time = now.toISOString()
  let left = 0
  for (const { key, entry } of (await memberships.view()).inGroups([group])) {
    if (entry.source !== 'responsible' || entry.state === 'removed') continue
    if (matchKeys(entry).some((match) => named.has(match))) continue
    try {
      const written = await memberships.change(key, (current) =>
        current?.source === 'responsible' && current.state !== 'removed'
          ? { ...current, state: 'removed', since: time, by: SERVICE }
          : null,
      )
      if (written === null) continue
      left++
      await memberships.log.record({
        about: 'membership',
        key,
        change: 'removed',
        group: written.group,
        actor: SERVICE,
        time,
      })
    } catch (error) {
      // One that cannot leave now leaves at the next pass; the others go on.
      log('error', 'people', '[svc] [people] a responsible membership could not end; tried again at the next pass', {
        key,
        error: (error as Error).message,
      })
    }
  }
  return left
}
