// Which invites are open and when their links run out, kept in memory from a
// watch on svc_invites: the sweep runs every minute on every instance, and
// must not read every invite ever made each time to find the few that are due.
import { decodeJson } from '../bus/payload'
import type { BusKv } from '../bus/types'
import { inviteSchema } from './invite-record'

export interface OpenInvites {
  /** Ids of open invites whose link has run out by `now`. */
  due(now: Date): string[]
}

export async function loadOpenInvites(kv: BusKv): Promise<OpenInvites> {
  // id -> end of its link, in seconds since the epoch
  const open = new Map<string, number>()
  const touched = new Set<string>()
  const apply = (id: string, value: Uint8Array | null) => {
    const parsed = value === null ? null : inviteSchema.safeParse(safeJson(value))
    if (parsed?.success && parsed.data.state === 'open') open.set(id, parsed.data.expiresAt)
    else open.delete(id)
  }
  // Watch first, so nothing written while the rest loads is missed.
  await kv.watch(({ key, value }) => {
    touched.add(key)
    apply(key, value)
  })
  for (const key of await kv.keys()) {
    if (touched.has(key)) continue
    const entry = await kv.get(key)
    if (entry !== null && !touched.has(key)) apply(key, entry.value)
  }
  return {
    due(now) {
      const seconds = now.getTime() / 1000
      return [...open].filter(([, end]) => end <= seconds).map(([id]) => id)
    },
  }
}

function safeJson(bytes: Uint8Array): unknown {
  try {
    return decodeJson(bytes)
  } catch {
    return undefined
  }
}
