// The in-memory index of one instance: every record's current view, report
// counts and listings, fed by following SVC_RECORDS from the start
// (record-feed.ts, which also knows when the index is behind). History
// stays in the KV projection, so a record costs one small object here.
import type { Bus, StreamMessage } from '../bus/types'
import { log } from '../log'
import { applyEvent } from './apply-event'
import { decodeRecordEvent } from './decode-event'
import type { EffectsCatchUp } from './effects-catch-up'
import { createListFilter } from './list-filter'
import type { ListFilter } from './list-filter'
import { createPostings } from './postings'
import { createProjectionRepair } from './projection-repair'
import { createRecordFeed } from './record-feed'
import type { IndexStatus } from './record-feed'
import { createRecordWaiters } from './record-waiters'
import { createStateCounts } from './state-counts'
import type { StateCount } from './state-counts'
import type { RecordView } from './types'

export interface ListQuery extends ListFilter {
  readonly offset: number
  readonly limit: number
}

export interface RecordIndex {
  /** Resolves once everything on the stream when the index started has been applied. */
  readonly ready: Promise<void>
  /** Catching up at start, after a reconnect and after a stall, until it has applied what the stream held then. */
  status(): IndexStatus
  get(bucket: string, id: string): RecordView | null
  /** Newest filing first. */
  list(bucket: string, query: ListQuery): { total: number; items: RecordView[] }
  counts(): StateCount[]
  /**
   * The stream sequence of the newest event applied to any of `buckets`, 0
   * before the first: whatever shows those buckets' records is unchanged while
   * this is.
   */
  version(buckets: Iterable<string>): number
  /** The record once the index has seen version `seq` or later; null after `timeoutMs`. */
  waitFor(bucket: string, id: string, seq: number, timeoutMs: number): Promise<RecordView | null>
  inState(bucket: string, state: string): Iterable<RecordView>
  close(): void
}

// An append and its projection are milliseconds apart; a day covers any crash
// and restart between them with room to spare.
const REPAIR_WINDOW_MS = 24 * 60 * 60 * 1000

export interface RecordIndexOptions {
  /** How long after an event the KV projection is checked (default 5 s). */
  repairDelayMs?: number
  /** The other side effects' catch-up, run after each projection check (effects-catch-up.ts). */
  catchUp?: EffectsCatchUp
  /** How often the applied sequence is compared with the stream's last (default 2 s). */
  checkEveryMs?: number
}

interface BucketRecords {
  readonly byId: Map<string, RecordView>
  /** Ids in filing order. */
  readonly order: string[]
}

export function createRecordIndex(
  bus: Bus,
  { repairDelayMs = 5000, catchUp, checkEveryMs = 2000 }: RecordIndexOptions = {},
): RecordIndex {
  const buckets = new Map<string, BucketRecords>()
  const counts = createStateCounts()
  const postings = createPostings()
  const waiters = createRecordWaiters()
  const versions = new Map<string, number>()
  const get = (bucket: string, id: string) => buckets.get(bucket)?.byId.get(id) ?? null
  const repair = createProjectionRepair({
    bus,
    delayMs: repairDelayMs,
    currentSeq: (b, id) => get(b, id)?.seq,
    catchUp,
  })
  let replayed = false

  function apply(message: StreamMessage): void {
    const decoded = decodeRecordEvent(message)
    if ('problem' in decoded) return skipped(message, decoded.problem)
    const { event } = decoded
    const records: BucketRecords = buckets.get(event.bucket) ?? { byId: new Map(), order: [] }
    const before = records.byId.get(event.record) ?? null
    const after = applyEvent(before, event, message.seq)
    if (after === null) return skipped(message, before === null ? 'moves a record never filed' : 'files a record twice')
    if (before === null) {
      records.order.push(after.id)
      postings.add(after)
    } else counts.remove(before)
    records.byId.set(after.id, after)
    buckets.set(event.bucket, records)
    counts.add(after)
    versions.set(after.bucket, message.seq)
    waiters.seen(`${after.bucket}:${after.id}`, after)
    // Replaying a long stream at start must not cost one KV read per record:
    // only recent events can have lost their projection to a crash.
    if (replayed || message.time.getTime() > Date.now() - REPAIR_WINDOW_MS) repair.schedule(after.bucket, after.id)
  }

  const feed = createRecordFeed(bus, apply, { checkEveryMs })
  const ready = feed.ready.then(() => {
    replayed = true
  })
  ready.catch((error: unknown) =>
    log('error', 'records', `[svc] [records] the record index cannot start: ${String(error)}`),
  )

  return {
    ready,
    status: () => feed.status(),
    get,
    list(bucket, query) {
      const records = buckets.get(bucket)
      if (records === undefined) return { total: 0, items: [] }
      // Start from the narrowest id list the query allows, newest first.
      const { submitter, where, states, text } = query
      const ids =
        submitter !== undefined
          ? postings.bySubmitter(bucket, submitter)
          : where !== undefined
            ? postings.byField(bucket, where.field, where.equals, () => records.byId.values())
            : records.order
      const matches = createListFilter(query)
      const narrowedOnly =
        text === undefined && (submitter === undefined || where === undefined) && states === undefined
      // When the id list is exactly the answer, or only states narrow it, the total
      // is known without looking at every record, and the scan stops at the page.
      const known = narrowedOnly
        ? ids.length
        : text === undefined && submitter === undefined && where === undefined && states !== undefined
          ? counts.total(bucket, states)
          : undefined
      const items: RecordView[] = []
      let total = 0
      for (let i = ids.length - 1; i >= 0; i--) {
        if (known !== undefined && items.length >= query.limit) break
        const view = records.byId.get(ids[i] ?? '')
        if (view === undefined || !matches(view)) continue
        total++
        if (total > query.offset && items.length < query.limit) items.push(view)
      }
      return { total: known ?? total, items }
    },
    counts: () => counts.list(),
    version(names) {
      let newest = 0
      for (const name of names) newest = Math.max(newest, versions.get(name) ?? 0)
      return newest
    },
    waitFor(bucket, id, seq, timeoutMs) {
      const view = get(bucket, id)
      if (view !== null && view.seq >= seq) return Promise.resolve(view)
      return waiters.wait(`${bucket}:${id}`, seq, timeoutMs)
    },
    *inState(bucket, state) {
      for (const view of buckets.get(bucket)?.byId.values() ?? []) {
        if (view.state === state) yield view
      }
    },
    close() {
      feed.close()
      repair.close()
      waiters.close()
    },
  }
}

function skipped(message: StreamMessage, problem: string): void {
  log('warn', 'records', '[svc] [records] skipped a record event', {
    seq: message.seq,
    subject: message.subject,
    problem,
  })
}
