// Callers waiting for the index to see a given version of a record: a form
// rendered by one instance may be posted to another that is a moment behind.
import type { RecordView } from './types'

interface Waiter {
  readonly seq: number
  readonly resolve: (view: RecordView | null) => void
  readonly timer: NodeJS.Timeout
}

export interface RecordWaiters {
  wait(key: string, seq: number, timeoutMs: number): Promise<RecordView | null>
  /** Called with each new version of a record; `view` is built only for a waiter. */
  seen(key: string, seq: number, view: () => RecordView): void
  /** Lets every waiter go empty-handed. */
  close(): void
}

export function createRecordWaiters(): RecordWaiters {
  const waiting = new Map<string, Set<Waiter>>()
  const release = (key: string, waiter: Waiter, view: RecordView | null) => {
    clearTimeout(waiter.timer)
    const set = waiting.get(key)
    set?.delete(waiter)
    if (set?.size === 0) waiting.delete(key)
    waiter.resolve(view)
  }
  return {
    wait(key, seq, timeoutMs) {
      return new Promise((resolve) => {
        const waiter: Waiter = { seq, resolve, timer: setTimeout(() => release(key, waiter, null), timeoutMs) }
        const set = waiting.get(key) ?? new Set()
        set.add(waiter)
        waiting.set(key, set)
      })
    },
    seen(key, seq, view) {
      for (const waiter of waiting.get(key) ?? []) {
        if (waiter.seq <= seq) release(key, waiter, view())
      }
    },
    close() {
      for (const [key, set] of waiting) for (const waiter of set) release(key, waiter, null)
    },
  }
}
