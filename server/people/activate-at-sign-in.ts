// SPEC 2, Membership rules 2, 3 and 5, at a person's sign-in: every
// membership that matches their subject, verified address or verified phone
// learns all three; an invited one becomes active; memberships of one group
// keyed differently fold into one, filed under the subject; and every open
// invite of theirs closes.
import { encodeKvKey } from '../bus/kv-driver'
import type { SessionUser } from '../sessions'
import { inviteStateAt } from './invite-record'
import type { Membership, MembershipStage } from './membership-record'
import type { KeptMembership } from './membership-view'
import type { PeopleDeps } from './people-deps'

const RANK: Readonly<Record<MembershipStage, number>> = { active: 0, invited: 1, removed: 2 }

export async function activateAtSignIn(
  deps: Pick<PeopleDeps, 'memberships' | 'invites'>,
  user: SessionUser,
  now: Date,
) {
  const { memberships } = deps
  const time = now.toISOString()
  const actor = { kind: 'person', subject: user.subject, ...(user.name ? { name: user.name } : {}) } as const
  const byGroup = new Map<string, KeptMembership[]>()
  for (const found of await liveMatches(deps, user, now))
    byGroup.set(found.entry.group, [...(byGroup.get(found.entry.group) ?? []), found])
  const inviteIds = new Set<string>()

  for (const [group, found] of byGroup) {
    const key = encodeKvKey(`sub:${user.subject}:${group}`)
    const best = [...found].sort((a, b) => RANK[a.entry.state] - RANK[b.entry.state])[0]
    if (best === undefined) continue
    for (const { entry } of found) if (entry.invite !== undefined) inviteIds.add(entry.invite)
    const state: MembershipStage = best.entry.state === 'removed' ? 'removed' : 'active'
    const merged = (current: Membership | null): Membership | null => {
      const base = current !== null && RANK[current.state] <= RANK[best.entry.state] ? current : best.entry
      const next: Membership = {
        ...base,
        subject: user.subject,
        ...(user.email === undefined ? {} : { email: user.email }),
        ...(user.phone === undefined ? {} : { phone: user.phone }),
        name: base.name || user.name || '',
        state,
        since: state === base.state ? base.since : time,
        ...(state === base.state ? {} : { by: actor }),
      }
      return current !== null && JSON.stringify(current) === JSON.stringify(next) ? null : next
    }
    const written = await memberships.change(key, merged)
    const others = found.filter((member) => member.key !== key)
    for (const other of others) {
      await memberships.drop(other.key)
      await memberships.log.record({ about: 'membership', key: other.key, change: 'merged', group, actor, time })
    }
    if (written === null) continue
    const change = best.entry.state === 'invited' && state === 'active' ? 'activated' : 'learned'
    await memberships.log.record({ about: 'membership', key, change, group, actor, time })
  }
  await closeInvites(deps, [...inviteIds], user.subject, actor, time)
}

// A desk's invite whose link ran out (or was closed) brings nobody in until a
// desk reopens it. The seed's does: its address is the operator's own setting.
async function liveMatches(
  { memberships, invites }: Pick<PeopleDeps, 'memberships' | 'invites'>,
  user: SessionUser,
  now: Date,
): Promise<KeptMembership[]> {
  const found = (await memberships.view()).matching(user)
  const live = await Promise.all(
    found.map(async ({ entry }) => {
      if (entry.state !== 'invited' || entry.source !== 'invite' || entry.invite === undefined) return true
      const invite = await invites.get(entry.invite)
      return invite !== null && inviteStateAt(invite, now) === 'open'
    }),
  )
  return found.filter((_, i) => live[i])
}

async function closeInvites(
  { memberships, invites }: Pick<PeopleDeps, 'memberships' | 'invites'>,
  ids: readonly string[],
  subject: string,
  actor: { kind: 'person'; subject: string; name?: string },
  time: string,
): Promise<void> {
  for (const id of ids) {
    const closed = await invites.change(id, (current) =>
      current?.state === 'open' ? { ...current, state: 'closed', since: time, closedBy: subject } : null,
    )
    if (closed !== null)
      await memberships.log.record({ about: 'invite', key: id, change: 'closed', group: closed.group, actor, time })
  }
}
