// A signed-in person's groups as their account page tells them: each group
// and where it came from, and the invites still waiting for them.
import type { SessionUser } from '../sessions'
import { inviteStateAt, type Invite } from './invite-record'
import type { MembershipSource } from './membership-record'
import type { PeopleDeps } from './people-deps'

export type GroupOrigin = 'provider' | MembershipSource

export interface AccountGroups {
  readonly groups: readonly { readonly group: string; readonly from: readonly GroupOrigin[] }[]
  readonly openInvites: readonly Invite[]
}

export async function accountGroups(
  { memberships, invites }: Pick<PeopleDeps, 'memberships' | 'invites'>,
  user: SessionUser,
  now: Date,
): Promise<AccountGroups> {
  const origins = new Map<string, Set<GroupOrigin>>()
  const add = (group: string, from: GroupOrigin) => origins.set(group, (origins.get(group) ?? new Set()).add(from))
  for (const group of user.groups) add(group, 'provider')
  const matched = (await memberships.view()).matching(user)
  for (const { entry } of matched) if (entry.state === 'active') add(entry.group, entry.source)
  const waiting = await Promise.all(
    matched
      .filter(({ entry }) => entry.state === 'invited' && entry.invite !== undefined)
      .map(({ entry }) => invites.get(entry.invite ?? '')),
  )
  return {
    groups: [...origins].sort(([a], [b]) => a.localeCompare(b)).map(([group, from]) => ({ group, from: [...from] })),
    openInvites: waiting.filter((invite): invite is Invite => invite !== null && inviteStateAt(invite, now) === 'open'),
  }
}
