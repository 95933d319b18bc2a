// Every index checks, a little after each event, that the KV projection has
// caught up with it, and rebuilds it from the stream when it has not: a
// writer that crashed between append and projection is repaired by whichever
// instance is running, and every instance converges on the same projection.
// The same pass hands the record to `catchUp` for the other side effects
// (effects-catch-up.ts). A pass that fails is tried again later, a few
// times, each wait twice the one before: a bus that was away for a minute
// is not a lost mail. A version this instance's own writer stored with all
// its side effects is not checked here: that check was a KV read and a
// parse for every filing, and only a crash between append and projection
// needs it (another instance still checks, as it cannot know). A first
// check lists the versions it waits for; the writer's word takes its version
// off (the check goes once none is left), or, when it comes before the index
// applied the version, is kept only until then. So nothing is kept per
// filing for the five seconds until its check would be due, and a version
// nobody vouched for (another instance's, a failed effect's) is checked.
import type { Bus } from '../bus/types'
import { log } from '../log'
import type { EffectsCatchUp } from './effects-catch-up'
import { storeProjection } from './project'
import { createProjectionStore } from './projection-store'
import { rebuildProjection } from './record-events'
import type { Projection } from './types'

export interface ProjectionRepairOptions {
  bus: Bus
  /**
   * The writer normally projects within milliseconds; checking sooner would only race it. A record whose versions
   * keep coming is checked within twice this of its oldest unchecked one, maybe just after its newest: the race then
   * costs a read and a rebuild, as every write is compare-and-set.
   */
  delayMs: number
  /** The newest sequence the index knows for a record. */
  currentSeq: (bucket: string, id: string) => number | undefined
  catchUp?: EffectsCatchUp
}

export interface ProjectionRepair {
  /** A check of the record a little later; with `seq`, the version just applied, none if its writer settled it. */
  schedule(bucket: string, id: string, seq?: number): void
  /** This instance's writer stored version `seq`'s projection and side effects: that version alone needs no check here. */
  settled(bucket: string, id: string, seq: number): void
  close(): void
}

const concurrency = 8
// delayMs · (2 + 4 + … + 2^7): with the default 5 s, about 21 minutes in all.
const maxAttempts = 8
// Versions settled by the writer before the index applied them: the
// milliseconds between an append's answer and its delivery, a few hundred
// at most. Should the index stop applying, the map is forgotten when full
// and those versions are checked after all.
const maxSettledAhead = 10_000
// Versions a check lists before it is run whatever the writer says.
const maxListed = 16

interface Due {
  readonly bucket: string
  readonly id: string
  readonly at: number
  /** When the oldest version this check is for was scheduled. */
  readonly since: number
  readonly attempt: number
  /** The versions applied since the last check and not settled by the writer; null: checked whatever it says. */
  readonly unsettled: readonly number[] | null
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
  const settledAhead = new Map<string, number>()
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

  const repair = async (entry: Due) => {
    const { bucket, id } = entry
    const seq = currentSeq(bucket, id)
    if (seq === undefined) return
    const failures: unknown[] = []
    try {
      const projection = await upToDate(bucket, id, seq, failures)
      if (projection !== null && catchUp !== undefined) await catchUp(projection)
    } catch (error) {
      failures.push(error)
    }
    // A repair cut short by close is done by the next instance to start.
    if (failures.length === 0 || closed) return
    const again = entry.attempt + 1 < maxAttempts
    log('error', 'records', `[svc] [records] repairing ${bucket}/${id} failed`, {
      bucket,
      record: id,
      seq,
      attempt: entry.attempt + 1,
      willRetry: again,
      failures: failures.map(String),
    })
    // Unless a newer event scheduled it meanwhile: that check then runs whatever the writer says.
    const key = keyOf(entry)
    const newer = queues[0]!.get(key)
    if (newer !== undefined) queues[0]!.set(key, { ...newer, unsettled: null })
    else if (again)
      put({
        bucket,
        id,
        at: Date.now() + delayMs * 2 ** (entry.attempt + 1),
        since: entry.since,
        attempt: entry.attempt + 1,
        unsettled: null,
      })
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
    schedule(bucket, id, seq) {
      const key = keyOf({ bucket, id })
      if (seq !== undefined && settledAhead.get(key) === seq) {
        settledAhead.delete(key)
        return
      }
      // A check waiting to be tried again follows a failure: a new version starts its tries over, and no word of
      // the writer's drops it. Nor does one for a record whose versions kept coming faster than its check.
      const retrying = queues.some((queue, attempt) => attempt > 0 && queue.has(key))
      const queued = queues[0]!.get(key)
      const waiting = queued === undefined ? [] : queued.unsettled
      const unsettled =
        seq === undefined || retrying || waiting === null || waiting.length >= maxListed ? null : [...waiting, seq]
      const now = Date.now()
      // Each version puts its check off by the delay, but one that has waited that long already keeps its place: a
      // record moving every few seconds is checked all the same, within twice the delay of its oldest version.
      if (queued !== undefined && !retrying && now - queued.since >= delayMs) {
        queues[0]!.set(key, { ...queued, unsettled })
        return
      }
      put({ bucket, id, at: now + delayMs, since: queued?.since ?? now, attempt: 0, unsettled })
    },
    settled(bucket, id, seq) {
      const key = keyOf({ bucket, id })
      const waiting = queues[0]!.get(key)
      if (waiting?.unsettled?.includes(seq)) {
        const left = waiting.unsettled.filter((version) => version !== seq)
        // Set again under its key, the check keeps its place in the queue.
        if (left.length === 0) queues[0]!.delete(key)
        else queues[0]!.set(key, { ...waiting, unsettled: left })
        return
      }
      if ((currentSeq(bucket, id) ?? 0) >= seq) return
      if (settledAhead.size >= maxSettledAhead) settledAhead.clear()
      settledAhead.set(key, seq)
    },
    close() {
      closed = true
      clearTimeout(timer)
      for (const queue of queues) queue.clear()
      settledAhead.clear()
    },
  }
}
