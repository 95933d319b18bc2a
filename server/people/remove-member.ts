// A desk takes someone out of a group: the membership becomes `removed` (the
// person may be invited again) and an open invite for it dies with it. The
// last active member of the most privileged group stays, so a site cannot
// lock itself out.
import type { Actor } from '../records/types'
import type { Membership } from './membership-record'
import type { PeopleDeps } from './people-deps'

export type RemoveOutcome = 'removed' | 'gone' | 'last-of-most-privileged'

export async function removeMember(
  deps: Pick<PeopleDeps, 'memberships' | 'invites'>,
  request: { readonly key: string; readonly actor: Actor; readonly now: Date; readonly protectedGroup: string | null },
): Promise<RemoveOutcome> {
  const { memberships, invites } = deps
  const { key, actor, now, protectedGroup } = request
  const view = await memberships.view()
  const kept = view.inGroups(protectedGroup === null ? [] : [protectedGroup])
  const target = kept.find((member) => member.key === key)
  if (target?.entry.state === 'active' && kept.filter(({ entry }) => entry.state === 'active').length <= 1)
    return 'last-of-most-privileged'
  const time = now.toISOString()
  let before: Membership | null = null
  const written = await memberships.change(key, (current) => {
    before = current
    return current === null || current.state === 'removed'
      ? null
      : { ...current, state: 'removed', since: time, by: actor }
  })
  if (written === null) return 'gone'
  // Two desks removing the last two on two instances at once each saw the
  // other still active: read what the bus holds now, and undo this one if
  // nobody active is left (at least one of the two sees both removals).
  const was = before as Membership | null
  // Judged on the record as read at the write: this instance's view may not have heard it became active.
  if (
    was?.state === 'active' &&
    written.group === protectedGroup &&
    (await memberships.activeCount(written.group)) === 0
  ) {
    const undo: Membership = was
    await memberships.change(key, (current) => (current?.state === 'removed' ? undo : null))
    return 'last-of-most-privileged'
  }
  await memberships.log.record({ about: 'membership', key, change: 'removed', group: written.group, actor, time })
  if (written.invite !== undefined) {
    const closed = await invites.change(written.invite, (current) =>
      current?.state === 'open' ? { ...current, state: 'closed', since: time } : null,
    )
    if (closed !== null)
      await memberships.log.record({
        about: 'invite',
        key: closed.id,
        change: 'closed',
        group: closed.group,
        actor,
        time,
      })
  }
  return 'removed'
}
