// Work one instance does at a time: a lease in KV, `{ instance, until }`
// under one key, taken with create or update at the revision read, so two
// instances racing for it get one holder. The holder renews it at each turn;
// when it stops, another takes over once `until` has passed.
import { randomUUID } from 'node:crypto'
import { BusConflictError } from './errors'
import { decodeJson } from './payload'
import type { BusKv } from './types'

export interface KvLease {
  /** True while this instance holds the lease, now renewed for `holdMs` more. */
  hold(): Promise<boolean>
}

export function createKvLease(kv: () => Promise<BusKv>, key: string, holdMs: number): KvLease {
  const instance = randomUUID()
  return {
    async hold() {
      const leases = await kv()
      const entry = await leases.get(key)
      const now = Date.now()
      const lease = { instance, until: now + holdMs }
      try {
        if (entry === null) await leases.create(key, lease)
        else {
          const held = decodeJson<{ instance?: string; until?: number }>(entry.value)
          if (held.instance !== instance && (held.until ?? 0) > now) return false
          await leases.update(key, lease, entry.revision)
        }
        return true
      } catch (error) {
        if (error instanceof BusConflictError) return false
        throw error
      }
    },
  }
}
