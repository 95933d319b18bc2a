// Every index checks, a little after each event, that the KV projection has
// caught up with it, and rebuilds it from the stream when it has not: a
// writer that crashed between append and projection is repaired by whichever
// instance is running, and every instance converges on the same projection.
import type { Bus } from '../bus/types'
import { log } from '../log'
import { repairProjection } from './project'
import { createProjectionStore } from './projection-store'

export interface ProjectionRepairOptions {
  bus: Bus
  /** The writer normally projects within milliseconds; checking sooner would only race it. */
  delayMs: number
  /** The newest sequence the index knows for a record. */
  currentSeq: (bucket: string, id: string) => number | undefined
}

export interface ProjectionRepair {
  schedule(bucket: string, id: string): void
  close(): void
}

const concurrency = 8

export function createProjectionRepair({ bus, delayMs, currentSeq }: ProjectionRepairOptions): ProjectionRepair {
  const store = createProjectionStore(bus)
  // Insertion order is due order: a record scheduled again moves to the end.
  const due = new Map<string, { bucket: string; id: string; at: number }>()
  let timer: NodeJS.Timeout | undefined
  let running = false
  let closed = false

  const wake = () => {
    if (closed || running || timer !== undefined) return
    const first = due.values().next().value
    if (first !== undefined) timer = setTimeout(run, Math.max(0, first.at - Date.now()))
  }

  const repair = async ({ bucket, id }: { bucket: string; id: string }) => {
    const seq = currentSeq(bucket, id)
    if (seq === undefined) return
    try {
      await repairProjection(bus, store, bucket, id, seq)
    } catch (error) {
      // A repair cut short by close is done by the next instance to start.
      if (closed) return
      log('error', 'records', `[svc] [records] repairing the projection of ${bucket}/${id} failed`, { error: String(error) })
    }
  }

  async function run() {
    timer = undefined
    running = true
    for (;;) {
      const now = Date.now()
      const batch = [...takeDue(now)]
      if (batch.length === 0 || closed) break
      await Promise.all(batch.map(repair))
    }
    running = false
    wake()
  }

  function* takeDue(now: number) {
    let taken = 0
    for (const [key, entry] of due) {
      if (entry.at > now || taken === concurrency) return
      due.delete(key)
      taken++
      yield entry
    }
  }

  return {
    schedule(bucket, id) {
      const key = `${bucket}:${id}`
      due.delete(key)
      due.set(key, { bucket, id, at: Date.now() + delayMs })
      wake()
    },
    close() {
      closed = true
      clearTimeout(timer)
      due.clear()
    },
  }
}
