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

/** A match and whether it may bring the person in: a desk's invite whose link ran out or closed may not. */
interface Match extends KeptMembership {
  readonly live: boolean
}

// Which of one group's matches the merged record takes after: active, then an
// invite that may bring the person in, then one that may not, then removed.
function rank(entry: Membership, live: boolean): number {
  if (entry.state === 'active') return 0
  if (entry.state === 'invited') return live ? 1 : 2
  return 3
}

const STAGE_OF_RANK: readonly MembershipStage[] = ['active', 'active', 'invited', 'removed']

export async function activateAtSignIn(
  deps: Pick<PeopleDeps, 'memberships' | 'invites'>,
  user: SessionUser,
  now: Date,
) {
  const { memberships } = deps
  const time = now.toISOString()
  const actor = { kind: 'person', subject: user.subject, ...(user.name ? { name: user.name } : {}) } as const
  const byGroup = new Map<string, Match[]>()
  for (const found of await matchesOf(deps, user, now))
    byGroup.set(found.entry.group, [...(byGroup.get(found.entry.group) ?? []), found])
  const inviteIds = new Set<string>()

  for (const [group, found] of byGroup) {
    const key = encodeKvKey(`sub:${user.subject}:${group}`)
    const best = [...found].sort((a, b) => rank(a.entry, a.live) - rank(b.entry, b.live))[0]
    if (best === undefined) continue
    for (const { entry, live } of found) if (live && entry.invite !== undefined) inviteIds.add(entry.invite)
    const bestRank = rank(best.entry, best.live)
    const state = STAGE_OF_RANK[bestRank] ?? 'removed'
    const merged = (current: Membership | null): Membership | null => {
      const currentLive = found.find((match) => match.key === key)?.live ?? true
      const base = current !== null && rank(current, currentLive) <= bestRank ? current : best.entry
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
    if (written !== null) {
      const change = best.entry.state === 'invited' && state === 'active' ? 'activated' : 'learned'
      await memberships.log.record({ about: 'membership', key, change, group, actor, time })
    }
    // Folded into the one under the subject.
    for (const other of found.filter((member) => member.key !== key)) {
      await memberships.drop(other.key)
      await memberships.log.record({ about: 'membership', key: other.key, change: 'merged', group, actor, time })
    }
  }
  await closeInvites(deps, [...inviteIds], user.subject, actor, time)
}

// A desk's invite whose link ran out (or was closed) brings nobody in until a
// desk reopens it, though its record still learns who signed in (Membership
// rule 3). The seed's does: its address is the operator's own setting.
async function matchesOf(
  { memberships, invites }: Pick<PeopleDeps, 'memberships' | 'invites'>,
  user: SessionUser,
  now: Date,
): Promise<Match[]> {
  const found = (await memberships.view()).matching(user)
  return Promise.all(
    found.map(async (match) => {
      const { entry } = match
      if (entry.state !== 'invited' || entry.source !== 'invite' || entry.invite === undefined)
        return { ...match, live: true }
      const invite = await invites.get(entry.invite)
      return { ...match, live: invite !== null && inviteStateAt(invite, now) === 'open' }
    }),
  )
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
