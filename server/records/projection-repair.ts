// Every index checks, a little after each event, that the KV projection has
// caught up with it, and rebuilds it from the stream when it has not: a
// writer that crashed between append and projection is repaired by whichever
// instance is running, and every instance converges on the same projection.
// The same pass hands the record to `catchUp` for the other side effects
// (effects-catch-up.ts). A pass that fails is tried again later, a few
// times, each wait twice the one before: a bus that was away for a minute
// is not a lost mail. An event this instance's own writer appended is
// checked only when the writer could not store all its side effects: its
// index does not schedule it (record-index.ts), or drops the check once the
// writer says all is stored, when the event reached the index before its
// append was answered. Checking each was a KV read and a parse for every
// filing, then an entry kept five seconds per filing, and only a crash
// between append and projection needs it (another instance still checks
// every event, as it cannot know).
import type { Bus } from '../bus/types'
import { log } from '../log'
import type { EffectsCatchUp } from './effects-catch-up'
import { storeProjection } from './project'
import { createProjectionStore } from './projection-store'
import { rebuildProjection } from './record-events'
import type { Projection } from './types'

export interface ProjectionRepairOptions {
  bus: Bus
  /** The writer normally projects within milliseconds; checking sooner would only race it. */
  delayMs: number
  /** The newest sequence the index knows for a record. */
  currentSeq: (bucket: string, id: string) => number | undefined
  catchUp?: EffectsCatchUp
}

export interface ProjectionRepair {
  schedule(bucket: string, id: string): void
  /**
   * This instance's writer stored version `seq`'s projection and side effects: a first check the record waits
   * for is dropped, unless it is for a newer version.
   */
  settled(bucket: string, id: string, seq: number): void
  close(): void
}

const concurrency = 8
// delayMs · (2 + 4 + … + 2^7): with the default 5 s, about 21 minutes in all.
const maxAttempts = 8

interface Due {
  readonly bucket: string
  readonly id: string
  readonly at: number
  readonly attempt: number
}

export function createProjectionRepair({
  bus,
  delayMs,
  currentSeq,
  catchUp,
}: ProjectionRepairOptions): ProjectionRepair {
  const store = createProjectionStore(bus)
  // One queue per attempt, each waiting the same time, so insertion order
  // is due order in each: a record scheduled again moves to the end of the first.
  const queues = Array.from({ length: maxAttempts }, () => new Map<string, Due>())
  const keyOf = (entry: { bucket: string; id: string }) => `${entry.bucket}:${entry.id}`
  let timer: NodeJS.Timeout | undefined
  let running = false
  let closed = false

  const put = (entry: Due) => {
    const key = keyOf(entry)
    for (const queue of queues) queue.delete(key)
    queues[entry.attempt]?.set(key, entry)
    wake()
  }

  const wake = () => {
    if (closed || running || timer !== undefined) return
    const heads = queues.flatMap((queue) => {
      const head = queue.values().next().value
      return head === undefined ? [] : [head.at]
    })
    if (heads.length > 0) timer = setTimeout(() => void run(), Math.max(0, Math.min(...heads) - Date.now()))
  }

  // The projection as of `seq`, stored when it was behind. Storing may fail
  // (that is logged and retried) without keeping the catch-up from running.
  const upToDate = async (bucket: string, id: string, seq: number, failures: unknown[]): Promise<Projection | null> => {
    const stored = await store.read(bucket, id).catch((error: unknown) => (failures.push(error), null))
    if (stored !== null && stored.record.seq >= seq) return stored
    const rebuilt = await rebuildProjection(bus, bucket, id, seq)
    if (rebuilt !== null) await storeProjection(store, rebuilt).catch((error: unknown) => failures.push(error))
    return rebuilt
  }

  // Each wait twice the one before, unless a newer event scheduled the record meanwhile.
  const later = (entry: Due) => {
    const { bucket, id, attempt } = entry
    if (attempt + 1 < maxAttempts && !queues.some((queue) => queue.has(keyOf(entry))))
      put({ bucket, id, at: Date.now() + delayMs * 2 ** (attempt + 1), attempt: attempt + 1 })
  }

  const repair = async (entry: Due) => {
    const { bucket, id } = entry
    const seq = currentSeq(bucket, id)
    // Only a writer's own event is asked for before its index applied it (a writer whose effects failed while
    // its index lagged): it is looked at again later.
    if (seq === undefined) return later(entry)
    const failures: unknown[] = []
    try {
      const projection = await upToDate(bucket, id, seq, failures)
      if (projection !== null && catchUp !== undefined) await catchUp(projection)
    } catch (error) {
      failures.push(error)
    }
    // A repair cut short by close is done by the next instance to start.
    if (failures.length === 0 || closed) return
    log('error', 'records', `[svc] [records] repairing ${bucket}/${id} failed`, {
      bucket,
      record: id,
      seq,
      attempt: entry.attempt + 1,
      willRetry: entry.attempt + 1 < maxAttempts,
      failures: failures.map(String),
    })
    later(entry)
  }

  async function run() {
    timer = undefined
    running = true
    for (;;) {
      const batch = [...takeDue(Date.now())]
      if (batch.length === 0 || closed) break
      await Promise.all(batch.map(repair))
    }
    running = false
    wake()
  }

  function* takeDue(now: number) {
    let taken = 0
    for (const queue of queues) {
      for (const [key, entry] of queue) {
        if (entry.at > now || taken === concurrency) break
        queue.delete(key)
        taken++
        yield entry
      }
    }
  }

  return {
    schedule(bucket, id) {
      put({ bucket, id, at: Date.now() + delayMs, attempt: 0 })
    },
    settled(bucket, id, seq) {
      const first = queues[0]!
      const key = keyOf({ bucket, id })
      if (first.has(key) && (currentSeq(bucket, id) ?? 0) <= seq) first.delete(key)
    },
    close() {
      closed = true
      clearTimeout(timer)
      for (const queue of queues) queue.clear()
    },
  }
}
