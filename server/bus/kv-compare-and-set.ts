// One KV entry changed by compare and set: read it with its revision, let
// `decide` say what it becomes (null: leave it), and write at that revision
// (create-only when there was none). A write that lost to another is tried
// again on what that one wrote.
import { BusConflictError } from './errors'
import type { BusKv } from './types'

const ATTEMPTS = 8

export async function compareAndSet<T extends object>(
  store: BusKv,
  key: string,
  read: (value: Uint8Array) => T | null,
  decide: (current: T | null) => T | null,
): Promise<T | null> {
  for (let attempt = 1; ; attempt++) {
    const found = await store.get(key)
    const next = decide(found === null ? null : read(found.value))
    if (next === null) return null
    try {
      if (found === null) await store.create(key, next)
      else await store.update(key, next, found.revision)
      return next
    } catch (error) {
      if (!(error instanceof BusConflictError) || attempt >= ATTEMPTS) throw error
    }
  }
}
