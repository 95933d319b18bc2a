// The in-memory index of one instance: every record's current view, report
// counts and listings, loaded from the stored snapshot when there is a usable
// one and fed by following SVC_RECORDS after it (record-feed.ts, which also
// knows when the index is behind). History stays in the KV projection, and
// records are kept as columns (record-table.ts), so a record costs about a
// hundred bytes here.
import type { Bus, StreamMessage } from '../bus/types'
import { log } from '../log'
import { applyEvent } from './apply-event'
import { decodeRecordEvent, openRecordEvent } from './decode-event'
import type { EffectsCatchUp } from './effects-catch-up'
import { createIndexState } from './index-state'
import { loadIndexSnapshot } from './index-snapshot-store'
import { createListFilter } from './list-filter'
import { listInOrder, type ListOrder } from './list-order'
import type { ListFilter } from './list-filter'
import type { Postings } from './postings'
import { createProjectionRepair } from './projection-repair'
import { createRecordFeed } from './record-feed'
import type { IndexStatus } from './record-feed'
import type { RecordTable } from './record-table'
import { createRecordWaiters } from './record-waiters'
import type { StateCount } from './state-counts'
import type { TableImage } from './table-image'
import { indexKeepsOpened, takeOwnAppend } from './own-appends'
import { useRecordKeys } from './record-keys'
import type { RecordEvent, RecordView } from './types'

export interface CaseActivity {
  /** The time of its last filing, move or note, in ms. */
  readonly activeMs: number
  /** The stream sequence of its last reply by mail or self move; 0 for none. */
  readonly heardSeq: number
}

export interface ListQuery extends ListFilter {
  readonly offset: number
  readonly limit: number
  /** Newest filing first unless given (list-order.ts). */
  readonly order?: ListOrder
}

export interface RecordIndex {
  /** Resolves once everything on the stream when the index started has been applied. */
  readonly ready: Promise<void>
  /** Catching up at start, after a reconnect and after a stall, until it has applied what the stream held then. */
  status(): IndexStatus
  /** Whether another instance said it appended an event not applied here yet (heard-appends.ts). */
  behindHeard(): boolean
  /** Resolves once what was heard of is applied, or after `ms`. */
  heardApplied(ms: number): Promise<void>
  get(bucket: string, id: string): RecordView | null
  /** When the record was last filed, moved or noted, and the sequence of its last reply by mail or self move. */
  activity(bucket: string, id: string): CaseActivity | null
  /** The record of `bucket` filed at stream sequence `filedSeq`: the one its reference names (reference.ts). */
  byFiling(bucket: string, filedSeq: number): RecordView | null
  /** Newest filing first, unless the query asks for another order. */
  list(bucket: string, query: ListQuery): { total: number; items: RecordView[] }
  counts(): StateCount[]
  /** Per (bucket, storyline, state), sorted as counts(): how many records ever entered it, each once. */
  reached(): StateCount[]
  /** Whether `submitter` (or any of them) filed any record in `bucket`, in any state. */
  hasFiled(bucket: string, submitter: string | readonly string[]): boolean
  /**
   * The stream sequence of the newest event applied to any of `buckets`, 0
   * before the first: whatever shows those buckets' records is unchanged while
   * this is.
   */
  version(buckets: Iterable<string>): number
  /** The record once the index has seen version `seq` or later; null after `timeoutMs`. */
  waitFor(bucket: string, id: string, seq: number, timeoutMs: number): Promise<RecordView | null>
  inState(bucket: string, state: string): Iterable<RecordView>
  /**
   * The stream sequence applied and every bucket's rows as of it, in filing
   * order (for a snapshot): they stay true to `seq` while the index moves on.
   */
  contents(): { seq: number; tables: readonly TableImage[] }
  /** The stream sequence of the last event applied: what contents() would cover, without copying it. */
  appliedSeq(): number
  /** The stream sequence of the last erasure applied, 0 for none. */
  erasedSeq(): number
  /**
   * This instance's writer stored version `seq` of the record with its projection and every side effect:
   * the index need not check them (projection-repair.ts).
   */
  settled(bucket: string, id: string, seq: number): void
  close(): void
}

// An append and its projection are milliseconds apart; a day covers any crash
// and restart between them with room to spare.
const REPAIR_WINDOW_MS = 24 * 60 * 60 * 1000
// A key's bucket whose leader was lost answers again within an election: the key of a filing made on another
// instance is asked again meanwhile, in place, rather than the follow being dropped and made again from it.
const KEY_PATIENCE_MS = 10_000

export interface RecordIndexOptions {
  /** How long after an event the KV projection is checked (default 5 s). */
  repairDelayMs?: number
  /** The other side effects' catch-up, run after each projection check (effects-catch-up.ts). */
  catchUp?: EffectsCatchUp
  /** How often the applied sequence is compared with the stream's last (default 2 s). */
  checkEveryMs?: number
}

export function createRecordIndex(
  bus: Bus,
  { repairDelayMs = 5000, catchUp, checkEveryMs = 1000 }: RecordIndexOptions = {},
): RecordIndex {
  const state = createIndexState()
  const keys = useRecordKeys(bus)
  const waiters = createRecordWaiters()
  const get = (bucket: string, id: string) => state.get(bucket, id)
  const repair = createProjectionRepair({
    bus,
    delayMs: repairDelayMs,
    // Asked once per event: read from its column, as a view would cost more than the check that follows.
    currentSeq: (b, id) => {
      const table = state.buckets.get(b)
      const row = table?.rowOf(id) ?? -1
      return table === undefined || row === -1 ? undefined : table.seq(row)
    },
    catchUp,
  })
  let replayed = false
  let applied = 0

  // The last erasure applied: a snapshot taken before it must not be stored (index-snapshot-writer.ts).
  let erasedSeq = 0

  // Reading opens what the index keeps of a filing or a claim; the other events' personal values stay sealed here.
  // An event this process appended is taken as it was made (own-appends.ts).
  async function opened(message: StreamMessage): Promise<RecordEvent | { problem: string }> {
    const own = takeOwnAppend(bus, message.seq)
    if (own !== undefined) return own
    const decoded = decodeRecordEvent(message)
    if ('problem' in decoded) return decoded
    const { event } = decoded
    return indexKeepsOpened(event) ? await openRecordEvent(keys, event, KEY_PATIENCE_MS) : event
  }
  async function read(message: StreamMessage): Promise<() => void> {
    const event = await opened(message)
    return () => {
      applied = message.seq
      if ('problem' in event) skipped(message, event.problem)
      else applyOpened(message, event)
    }
  }

  function applyOpened(message: StreamMessage, event: RecordEvent): void {
    const { seq } = message
    const { bucket, record } = event
    if (event.type === 'filed') {
      const view = get(bucket, record) === null ? applyEvent(null, event, seq) : null
      if (view === null) return skipped(message, 'files a record twice')
      state.file(view)
    } else if (event.type === 'noted') {
      if (!state.note(bucket, record, seq, event.time, event.via === 'mail'))
        return skipped(message, 'notes on a record never filed')
    } else if (event.type === 'claimed' && get(bucket, record)?.erasedAt !== undefined) {
      // As applyEvent has it: an erased record's submitter stays erased.
      state.note(bucket, record, seq)
    } else if (event.type === 'claimed') {
      if (!state.claim(bucket, record, event.submitter, seq)) return skipped(message, 'claims a record never filed')
    } else if (event.type === 'erased') {
      keys.forget(bucket, record)
      erasedSeq = seq
      if (!state.erase(bucket, record, event.fields, event.time, seq))
        return skipped(message, 'erases a record never filed')
    } else if (!state.move(bucket, record, event.to, event.time, seq, event.via === 'self')) {
      return skipped(message, 'moves a record never filed')
    }
    waiters.seen(`${bucket}:${record}`, seq, () => get(bucket, record)!)
    // Replaying a long stream at start must not cost one KV read per record:
    // only recent events can have lost their projection to a crash. Recent
    // by the event's own time, as for the records a snapshot holds.
    if (replayed || isRecent(event.time)) repair.schedule(bucket, record, seq)
  }

  async function start(lastSeq: number): Promise<number> {
    const snapshot = await loadIndexSnapshot(bus, lastSeq)
    if (snapshot === null) return 0
    const since = Date.now() - REPAIR_WINDOW_MS
    for (const image of snapshot.tables) {
      const table = state.restore(image)
      // What a replay would check: the projections of the last day's events.
      for (let row = 0; row < image.rows; row++) {
        const entered = image.columns.enteredAt[row] ?? Number.NaN
        if (entered > since || (Number.isNaN(entered) && isRecent(table.view(row).enteredAt)))
          repair.schedule(image.bucket, table.view(row).id)
      }
    }
    applied = snapshot.seq
    return snapshot.seq
  }

  const feed = createRecordFeed(bus, read, { checkEveryMs, start })
  const ready = feed.ready.then(() => {
    replayed = true
  })
  ready.catch((error: unknown) =>
    log('error', 'records', `[svc] [records] the record index cannot start: ${String(error)}`),
  )

  return {
    ready,
    status: () => feed.status(),
    behindHeard: () => feed.behindHeard(),
    heardApplied: (ms) => feed.heardApplied(ms),
    get,
    activity(bucket, id) {
      const table = state.buckets.get(bucket)
      const row = table?.rowOf(id) ?? -1
      return table === undefined || row === -1 ? null : { activeMs: table.activeMs(row), heardSeq: table.heardSeq(row) }
    },
    byFiling(bucket, filedSeq) {
      const table = state.buckets.get(bucket)
      const row = table?.rowOfFiling(filedSeq) ?? -1
      return table === undefined || row === -1 ? null : table.view(row)
    },
    hasFiled(bucket, submitter) {
      const table = state.buckets.get(bucket)
      return table !== undefined && [submitter].flat().some((one) => state.postings.bySubmitter(table, one).length > 0)
    },
    list(bucket, query) {
      const { postings, counts } = state
      const table = state.buckets.get(bucket)
      if (table === undefined) return { total: 0, items: [] }
      if ((query.order !== undefined && query.order.by !== 'newest') || query.unreadAfter !== undefined)
        return listInOrder(table, query, query.order ?? { by: 'newest' })
      // Start from the narrowest row list the query allows, newest first.
      const { submitter, where, states, text } = query
      const rows =
        submitter !== undefined
          ? rowsOfSubmitters(postings, table, submitter, query)
          : where !== undefined
            ? postings.byField(table, where.field, where.equals)
            : null
      const last = (rows?.length ?? table.size()) - 1
      const wantedStates = states === undefined ? undefined : new Set(states)
      const matches = createListFilter(query)
      const narrowedOnly =
        text === undefined && (submitter === undefined || where === undefined) && states === undefined
      // When the row list is exactly the answer, or only states narrow it, the total
      // is known without looking at every record, and the scan stops at the page.
      const known = narrowedOnly
        ? last + 1
        : text === undefined && submitter === undefined && where === undefined && states !== undefined
          ? counts.total(bucket, states)
          : undefined
      const items: RecordView[] = []
      let total = 0
      for (let i = last; i >= 0; i--) {
        if (known !== undefined && items.length >= query.limit) break
        const row = rows === null ? i : (rows[i] ?? -1)
        // The state is read from its column: a view is built only for a record that may match.
        if (row === -1 || (wantedStates !== undefined && !wantedStates.has(table.state(row)))) continue
        const view = table.view(row)
        if (!matches(view)) continue
        total++
        if (total > query.offset && items.length < query.limit) items.push(view)
      }
      return { total: known ?? total, items }
    },
    counts: () => state.counts.list(),
    reached: () => state.reached.list(),
    version(names) {
      let newest = 0
      for (const name of names) newest = Math.max(newest, state.version(name))
      return newest
    },
    waitFor(bucket, id, seq, timeoutMs) {
      const view = get(bucket, id)
      if (view !== null && view.seq >= seq) return Promise.resolve(view)
      return waiters.wait(`${bucket}:${id}`, seq, timeoutMs)
    },
    *inState(bucket, wanted) {
      const table = state.buckets.get(bucket)
      if (table === undefined) return
      for (let row = 0; row < table.size(); row++) if (table.state(row) === wanted) yield table.view(row)
    },
    contents: () => ({ seq: applied, tables: state.images() }),
    appliedSeq: () => applied,
    erasedSeq: () => erasedSeq,
    settled: (bucket, id, seq) => repair.settled(bucket, id, seq),
    close() {
      feed.close()
      repair.close()
      waiters.close()
    },
  }
}

function isRecent(time: string): boolean {
  return Date.parse(time) > Date.now() - REPAIR_WINDOW_MS
}

function skipped(message: StreamMessage, problem: string): void {
  log('warn', 'records', '[svc] [records] skipped a record event', {
    seq: message.seq,
    subject: message.subject,
    problem,
  })
}

// Several submitters (a visitor's cookie values) file few records each: their rows, merged in filing order.
function rowsOfSubmitters(
  postings: Postings,
  table: RecordTable,
  submitter: string | readonly string[],
  { contact, contactPhone }: Pick<ListFilter, 'contact' | 'contactPhone'>,
): readonly number[] {
  if (typeof submitter === 'string' && contact === undefined && contactPhone === undefined)
    return postings.bySubmitter(table, submitter)
  const rows = [submitter].flat().flatMap((one) => postings.bySubmitter(table, one))
  // A case filed under their submitter and naming their address is one row, once.
  if (contact !== undefined) rows.push(...postings.byAddress(table, contact.field, contact.address))
  // Phones are kept in E.164 (forms/check-answer.ts), as sign-in gives them: equal numbers are one phone.
  if (contactPhone !== undefined) rows.push(...postings.byField(table, contactPhone.field, contactPhone.phone))
  return [...new Set(rows)].sort((a, b) => a - b)
}
