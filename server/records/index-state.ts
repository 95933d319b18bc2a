// What an index holds: every record's current view by bucket, in filing
// order (record-table.ts), with the report counts and postings kept beside
// them. Replaced whole when a snapshot turns out unusable halfway through
// loading.
import { createPostings } from './postings'
import type { Postings } from './postings'
import { createRecordTable } from './record-table'
import type { FrozenRows, RecordTable } from './record-table'
import { createStateCounts } from './state-counts'
import type { StateCounts } from './state-counts'
import type { RecordView } from './types'

export interface IndexState {
  readonly buckets: Map<string, RecordTable>
  readonly counts: StateCounts
  readonly postings: Postings
  get(bucket: string, id: string): RecordView | null
  /** The stream sequence of the newest event applied to `bucket`'s records, 0 before the first. */
  version(bucket: string): number
  /** Adds a record just filed. */
  file(view: RecordView): void
  /** Moves a record to `state` as applyEvent would; false when there is no such record. */
  move(bucket: string, id: string, state: string, time: string, seq: number): boolean
  /** Every bucket's rows as they are now, in filing order: the order a snapshot keeps. */
  freeze(): FrozenRows[]
}

export function createIndexState(): IndexState {
  const buckets = new Map<string, RecordTable>()
  const counts = createStateCounts()
  const postings = createPostings()
  const versions = new Map<string, number>()
  // A snapshot hands views over in filing order, not in event order.
  const seen = (bucket: string, seq: number) => {
    if (seq > (versions.get(bucket) ?? 0)) versions.set(bucket, seq)
  }
  return {
    buckets,
    counts,
    postings,
    get(bucket, id) {
      const table = buckets.get(bucket)
      const row = table?.rowOf(id) ?? -1
      return table === undefined || row === -1 ? null : table.view(row)
    },
    version: (bucket) => versions.get(bucket) ?? 0,
    file(view) {
      let table = buckets.get(view.bucket)
      if (table === undefined) buckets.set(view.bucket, (table = createRecordTable(view.bucket)))
      postings.add(table, table.add(view))
      counts.add(view)
      seen(view.bucket, view.seq)
    },
    // On the row itself, without building the view: a replay moves half a million records.
    move(bucket, id, state, time, seq) {
      const table = buckets.get(bucket)
      const row = table?.rowOf(id) ?? -1
      if (table === undefined || row === -1) return false
      const storyline = table.storyline(row)
      counts.remove({ bucket, storyline, state: table.state(row) })
      table.move(row, state, time, seq)
      counts.add({ bucket, storyline, state })
      seen(bucket, seq)
      return true
    },
    freeze: () => [...buckets.values()].map((table) => table.freeze()),
  }
}
