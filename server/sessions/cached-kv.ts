// Session reads from memory: a signed-in person's every request loads their
// session, and a round trip to the bus for a value that changes only at
// sign-in and sign-out is most of a desk page's wait. The bucket is watched,
// so a change made by any instance drops the copy here; while the watch
// cannot be trusted (the bus is not connected, or just came back and may
// have missed changes) every read goes to the bus as before. A copy is also
// kept for a few seconds only: a watch that stalls without saying so (as an
// ordered consumer can after a reconnect) delays a sign-out here by no more.
import type { KvChange, KvEntry, Unsubscribe } from '../bus/types'
import type { SessionKv } from './guarded-kv'

const MAX_ENTRIES = 100_000
const MAX_AGE_MS = 5_000

export interface SessionKvWatch {
  watch(onChange: (change: KvChange) => void): Promise<Unsubscribe>
  onReconnect(handler: () => void): Unsubscribe
  isConnected(): boolean
}

export async function cacheSessionKv(kv: SessionKv, bus: SessionKvWatch): Promise<SessionKv> {
  const copies = new Map<string, { entry: KvEntry; until: number }>()
  // Counts every change seen; a read that overlapped one is not kept, since
  // it may have read the value from before it.
  let changes = 0
  const drop = (key: string) => {
    changes++
    copies.delete(key)
  }
  await bus.watch((change) => drop(change.key))
  bus.onReconnect(() => {
    changes++
    copies.clear()
  })
  return {
    async get(key) {
      const copy = bus.isConnected() ? copies.get(key) : undefined
      if (copy !== undefined && copy.until > Date.now()) return copy.entry
      const seen = changes
      const entry = await kv.get(key)
      if (entry !== null && seen === changes && bus.isConnected()) {
        if (copies.size >= MAX_ENTRIES) copies.clear()
        copies.set(key, { entry, until: Date.now() + MAX_AGE_MS })
      }
      return entry
    },
    create: (key, value) => kv.create(key, value),
    async update(key, value, revision) {
      drop(key)
      return kv.update(key, value, revision)
    },
    async delete(key) {
      drop(key)
      await kv.delete(key)
    },
  }
}
