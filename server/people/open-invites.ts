// Which invites are open and when their links run out, kept in memory from a
// watch on svc_invites: the sweep runs every minute on every instance, and
// must not read every invite ever made each time to find the few that are due.
import { mirrorKv } from '../bus/kv-mirror'
import { decodeJsonOrUndefined } from '../bus/payload'
import type { BusKv } from '../bus/types'
import { inviteSchema } from './invite-record'

export interface OpenInvites {
  /** Ids of open invites whose link has run out by `now`. */
  due(now: Date): string[]
}

export async function loadOpenInvites(kv: BusKv): Promise<OpenInvites> {
  // id -> end of its link, in seconds since the epoch
  const open = new Map<string, number>()
  await mirrorKv(kv, (id, value) => {
    const parsed = value === null ? null : inviteSchema.safeParse(decodeJsonOrUndefined(value))
    if (parsed?.success && parsed.data.state === 'open') open.set(id, parsed.data.expiresAt)
    else open.delete(id)
  })
  return {
    due(now) {
      const seconds = now.getTime() / 1000
      return [...open].filter(([, end]) => end <= seconds).map(([id]) => id)
    },
  }
}
