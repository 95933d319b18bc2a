// What an index holds: every record's current view by bucket, in filing
// order (record-table.ts), with the report counts and postings kept beside
// them. A snapshot is read whole before any of it is restored here, so an
// unusable one leaves this empty for the replay.
import { createPostings } from './postings'
import type { Postings } from './postings'
import { createRecordTable } from './record-table'
import type { RecordTable } from './record-table'
import { createStateCounts } from './state-counts'
import type { StateCounts } from './state-counts'
import type { TableImage } from './table-image'
import type { RecordView } from './types'

export interface IndexState {
  readonly buckets: Map<string, RecordTable>
  readonly counts: StateCounts
  /** Per (bucket, storyline, state): records that ever entered it, each once, whether still there or not. */
  readonly reached: StateCounts
  readonly postings: Postings
  get(bucket: string, id: string): RecordView | null
  /** The stream sequence of the newest event applied to `bucket`'s records, 0 before the first. */
  version(bucket: string): number
  /** Adds a record just filed. */
  file(view: RecordView): void
  /** Moves a record to `state` as applyEvent would; false when there is no such record. */
  move(bucket: string, id: string, state: string, time: string, seq: number, heard?: boolean): boolean
  /** A note on a record: only its version moves on, as applyEvent has it; false when there is no such record. */
  note(bucket: string, id: string, seq: number, time?: string, heard?: boolean): boolean
  /** A claim at sign-in: the record's submitter becomes `submitter`; false when there is no such record. */
  claim(bucket: string, id: string, submitter: string, seq: number): boolean
  /** An erasure: the record's personal values read as erased (`fields`: its personal ones); false when none. */
  erase(bucket: string, id: string, fields: readonly string[], time: string, seq: number): boolean
  /** Takes over a table restored from a snapshot (one per bucket, into an empty state). */
  restore(image: TableImage): RecordTable
  /** Every bucket's rows as they are now, in filing order: what a snapshot keeps. */
  images(): TableImage[]
}

export function createIndexState(): IndexState {
  const buckets = new Map<string, RecordTable>()
  const counts = createStateCounts()
  const reached = createStateCounts()
  const postings = createPostings()
  const versions = new Map<string, number>()
  const find = (bucket: string, id: string) => {
    const table = buckets.get(bucket)
    const row = table?.rowOf(id) ?? -1
    return table === undefined || row === -1 ? null : { table, row }
  }
  // A snapshot hands views over in filing order, not in event order.
  const seen = (bucket: string, seq: number) => {
    if (seq > (versions.get(bucket) ?? 0)) versions.set(bucket, seq)
  }
  return {
    buckets,
    counts,
    reached,
    postings,
    get(bucket, id) {
      const found = find(bucket, id)
      return found === null ? null : found.table.view(found.row)
    },
    version: (bucket) => versions.get(bucket) ?? 0,
    file(view) {
      let table = buckets.get(view.bucket)
      if (table === undefined) buckets.set(view.bucket, (table = createRecordTable(view.bucket)))
      postings.add(table, table.add(view))
      counts.add(view)
      reached.add(view)
      seen(view.bucket, view.seq)
    },
    // On the row itself, without building the view: a replay moves half a million records.
    move(bucket, id, state, time, seq, heard) {
      const found = find(bucket, id)
      if (found === null) return false
      const { table, row } = found
      const storyline = table.storyline(row)
      counts.remove({ bucket, storyline, state: table.state(row) })
      const first = table.move(row, state, time, seq, heard)
      counts.add({ bucket, storyline, state })
      if (first) reached.add({ bucket, storyline, state })
      seen(bucket, seq)
      return true
    },
    restore(image) {
      const table = createRecordTable(image.bucket, image)
      buckets.set(image.bucket, table)
      // Counted by state and storyline number first: a string key per record would cost a million strings.
      const tally = new Map<number, number>()
      const reachedTally = new Map<number, number>()
      let newest = 0
      for (let row = 0; row < image.rows; row++) {
        const storyline = (image.columns.storyline[row] ?? 0) * 0x10000
        const pair = storyline + (image.columns.state[row] ?? 0)
        tally.set(pair, (tally.get(pair) ?? 0) + 1)
        // Bit by bit from the lowest, by arithmetic: the mask has up to 52 bits.
        let mask = image.columns.reached[row] ?? 0
        for (let slot = 0; mask > 0; slot++, mask = Math.floor(mask / 2)) {
          if (mask % 2 === 0) continue
          const state = storyline + (image.slots[slot] ?? 0)
          reachedTally.set(state, (reachedTally.get(state) ?? 0) + 1)
        }
        newest = Math.max(newest, image.columns.seq[row] ?? 0)
      }
      const triple = (pair: number) => ({
        bucket: image.bucket,
        storyline: image.names[Math.floor(pair / 0x10000)] ?? '',
        state: image.names[pair % 0x10000] ?? '',
      })
      for (const [pair, count] of tally) counts.add(triple(pair), count)
      for (const [pair, count] of reachedTally) reached.add(triple(pair), count)
      seen(image.bucket, newest)
      return table
    },
    note(bucket, id, seq, time, heard) {
      const found = find(bucket, id)
      if (found === null) return false
      found.table.note(found.row, seq, time, heard)
      seen(bucket, seq)
      return true
    },
    claim(bucket, id, submitter, seq) {
      const found = find(bucket, id)
      if (found === null) return false
      const before = found.table.submitter(found.row)
      found.table.claim(found.row, submitter, seq)
      postings.resubmit(found.table, found.row, before, submitter)
      seen(bucket, seq)
      return true
    },
    // Counts stay as they are: the state does not change (issue 29: /report counts do not change on erasure).
    erase(bucket, id, fields, time, seq) {
      const found = find(bucket, id)
      if (found === null) return false
      const before = found.table.erase(found.row, fields, time, seq)
      postings.rekey(found.table, found.row, before)
      seen(bucket, seq)
      return true
    },
    images: () => [...buckets.values()].map((table) => table.image()),
  }
}
