// Invites in the KV bucket svc_invites, one per id, changed by compare and set.
import { compareAndSet } from '../bus/kv-compare-and-set'
import { decodeJson } from '../bus/payload'
import type { Bus } from '../bus/types'
import { isInviteId } from './invite-token'
import { inviteSchema, type Invite } from './invite-record'
import { memoUntilRejected } from '../memo-until-rejected'
import { loadOpenInvites } from './open-invites'
import { createPeopleLog } from './people-log'

export const INVITES_KV = 'svc_invites'

export interface Invites {
  /** null for an unknown id, or an entry that cannot be read. */
  get(id: string): Promise<Invite | null>
  /** Compare-and-set; what was written, or null when the change left it. */
  change(id: string, decide: (current: Invite | null) => Invite | null): Promise<Invite | null>
  /** Open invites whose link ran out become expired; how many did. */
  sweep(now: Date): Promise<number>
}

export function createInvites(bus: Bus): Invites {
  const kv = memoUntilRejected(() => bus.kv(INVITES_KV))
  const log = createPeopleLog(bus)
  const read = (value: Uint8Array): Invite | null => {
    const parsed = inviteSchema.safeParse(decodeJson(value))
    return parsed.success ? parsed.data : null
  }
  const change: Invites['change'] = async (id, decide) => compareAndSet(await kv(), id, read, decide)
  const get = async (id: string) => {
    if (!isInviteId(id)) return null
    const found = await (await kv()).get(id)
    return found === null ? null : read(found.value)
  }
  const openInvites = memoUntilRejected(async () => loadOpenInvites(await kv()))
  return {
    get,
    change,
    async sweep(now) {
      let expired = 0
      for (const id of (await openInvites()).due(now)) {
        const time = now.toISOString()
        const written = await change(id, (current) =>
          current?.state === 'open' && current.expiresAt * 1000 <= now.getTime()
            ? { ...current, state: 'expired', since: time }
            : null,
        )
        if (written === null) continue
        expired++
        const actor = { kind: 'clock' } as const
        await log.record({ about: 'invite', key: id, change: 'expired', group: written.group, actor, time })
      }
      return expired
    },
  }
}
