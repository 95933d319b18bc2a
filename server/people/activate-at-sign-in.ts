// SPEC 2, Membership rules 2, 3 and 5, at a person's sign-in: every
// membership that matches their subject, verified address or verified phone
// learns all three; an invited one becomes active; memberships of one group
// keyed differently fold into one, filed under the subject; and every open
// invite of theirs closes.
import { encodeKvKey } from '../bus/kv-driver'
import type { SessionUser } from '../sessions'
import { inviteStateAt } from './invite-record'
import { knownGroups } from '../content/site-checks'
import { matchKeys, type Membership, type MembershipStage } from './membership-record'
import type { KeptMembership } from './membership-view'
import type { PeopleDeps } from './people-deps'

/** A match and whether it may bring the person in: a desk's invite whose link ran out or closed may not. */
interface Match extends KeptMembership {
  readonly live: boolean
  /** The KV revision it was read at. */
  readonly revision: number
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
  deps: Pick<PeopleDeps, 'memberships' | 'invites' | 'site'>,
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
    for (const { entry, live } of found) if (live && entry.invite !== undefined) inviteIds.add(entry.invite)
    const others = found.filter((match) => match.key !== key)
    const mine = found.find((match) => match.key === key)
    let before: Membership | undefined
    // Decided on the record under the subject as the bus holds it at the write,
    // so a removal made a moment ago on another instance is never undone.
    const merged = (current: Membership | null): Membership | null => {
      const candidates: Match[] = [...others]
      if (current !== null) {
        // Its invite's link was looked at only if it is the record read a moment ago.
        const live = mine !== undefined && mine.entry.invite === current.invite ? mine.live : !isDeskInvite(current)
        candidates.push({ key, entry: current, live, revision: 0 })
      }
      const best = candidates.sort((a, b) => rank(a.entry, a.live) - rank(b.entry, b.live))[0]
      if (best === undefined) return null
      const state = STAGE_OF_RANK[rank(best.entry, best.live)] ?? 'removed'
      before = best.entry
      const next: Membership = {
        ...best.entry,
        subject: user.subject,
        ...(user.email === undefined ? {} : { email: user.email }),
        ...(user.phone === undefined ? {} : { phone: user.phone }),
        name: best.entry.name || user.name || '',
        state,
        since: state === best.entry.state ? best.entry.since : time,
        ...(state === best.entry.state ? {} : { by: actor }),
      }
      return current !== null && JSON.stringify(current) === JSON.stringify(next) ? null : next
    }
    const written = await memberships.change(key, merged)
    if (written !== null) {
      const change = before?.state === 'invited' && written.state === 'active' ? 'activated' : 'learned'
      await memberships.log.record({ about: 'membership', key, change, group, actor, time })
    }
    // Folded into the one under the subject, unless it changed since it was read (then the next sign-in folds it).
    for (const other of others) {
      if (!(await memberships.dropAt(other.key, other.revision))) continue
      await memberships.log.record({ about: 'membership', key: other.key, change: 'merged', group, actor, time })
    }
  }
  await closeInvites(deps, [...inviteIds], user.subject, actor, time)
}

const isDeskInvite = (entry: Membership) =>
  entry.state === 'invited' && entry.source === 'invite' && entry.invite !== undefined

// Found through the view, read again from the bus with their revisions. A
// desk's invite whose link ran out (or was closed) brings nobody in until a
// desk reopens it, though its record still learns who signed in (Membership
// rule 3). The seed's does: its address is the operator's own setting.
async function matchesOf(
  { memberships, invites, site }: Pick<PeopleDeps, 'memberships' | 'invites' | 'site'>,
  user: SessionUser,
  now: Date,
): Promise<Match[]> {
  const found = (await memberships.view()).matching(user).map(({ key }) => key)
  // The view hears of an invite made on another instance through its watch, which a lost node holds up for
  // seconds: where the person's memberships of the site's groups would be filed is read from the bus as well.
  const groups = knownGroups(site.desks.values(), site.buckets.values())
  const filed = matchKeys(user).flatMap((match) => [...groups].map((group) => encodeKvKey(`${match}:${group}`)))
  const fresh = await Promise.all(
    [...new Set([...found, ...filed])].map(async (key): Promise<Match | null> => {
      const kept = await memberships.read(key)
      // Gone, or tied to another account since the view heard of it.
      if (kept === null || (kept.entry.subject !== undefined && kept.entry.subject !== user.subject)) return null
      const { entry, revision } = kept
      if (!isDeskInvite(entry)) return { key, entry, live: true, revision }
      const invite = await invites.get(entry.invite ?? '')
      return { key, entry, live: invite !== null && inviteStateAt(invite, now) === 'open', revision }
    }),
  )
  return fresh.filter((match): match is Match => match !== null)
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
