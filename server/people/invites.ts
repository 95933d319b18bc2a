// Invites in the KV bucket svc_invites, one per id, changed by compare and set.
import { BusConflictError } from '../bus/errors'
import { decodeJson } from '../bus/payload'
import type { Bus, BusKv } from '../bus/types'
import { isInviteId } from './invite-token'
import { inviteSchema, type Invite } from './invite-record'
import { loadOpenInvites, type OpenInvites } from './open-invites'
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

const ATTEMPTS = 8

export function createInvites(bus: Bus): Invites {
  let opening: Promise<BusKv> | undefined
  const kv = () =>
    (opening ??= bus.kv(INVITES_KV).catch((error: unknown) => {
      opening = undefined
      throw error
    }))
  const log = createPeopleLog(bus)
  const read = (value: Uint8Array): Invite | null => {
    const parsed = inviteSchema.safeParse(decodeJson(value))
    return parsed.success ? parsed.data : null
  }
  const change: Invites['change'] = async (id, decide) => {
    const store = await kv()
    for (let attempt = 1; ; attempt++) {
      const found = await store.get(id)
      const next = decide(found === null ? null : read(found.value))
      if (next === null) return null
      try {
        if (found === null) await store.create(id, next)
        else await store.update(id, next, found.revision)
        return next
      } catch (error) {
        if (!(error instanceof BusConflictError) || attempt >= ATTEMPTS) throw error
      }
    }
  }
  const get = async (id: string) => {
    if (!isInviteId(id)) return null
    const found = await (await kv()).get(id)
    return found === null ? null : read(found.value)
  }
  let loading: Promise<OpenInvites> | undefined
  const openInvites = () =>
    (loading ??= kv()
      .then(loadOpenInvites)
      .catch((error: unknown) => {
        loading = undefined
        throw error
      }))
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
