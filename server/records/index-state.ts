// What an index holds: every record's current view by bucket, in filing
// order, with the report counts and postings kept beside them. Replaced
// whole when a snapshot turns out unusable halfway through loading.
import { createPostings } from './postings'
import type { Postings } from './postings'
import { createStateCounts } from './state-counts'
import type { StateCounts } from './state-counts'
import type { RecordView } from './types'

export interface BucketRecords {
  readonly byId: Map<string, RecordView>
  /** Ids in filing order. */
  readonly order: string[]
}

export interface IndexState {
  readonly buckets: Map<string, BucketRecords>
  readonly counts: StateCounts
  readonly postings: Postings
  get(bucket: string, id: string): RecordView | null
  /** The stream sequence of the newest event applied to `bucket`'s records, 0 before the first. */
  version(bucket: string): number
  /** Stores `after` in place of `before` (null for a new record). */
  put(before: RecordView | null, after: RecordView): void
  /** Every view, bucket by bucket in filing order: the order a snapshot keeps. */
  views(): Generator<RecordView>
}

export function createIndexState(): IndexState {
  const buckets = new Map<string, BucketRecords>()
  const counts = createStateCounts()
  const postings = createPostings()
  const versions = new Map<string, number>()
  return {
    buckets,
    counts,
    postings,
    get: (bucket, id) => buckets.get(bucket)?.byId.get(id) ?? null,
    version: (bucket) => versions.get(bucket) ?? 0,
    put(before, after) {
      let records = buckets.get(after.bucket)
      if (records === undefined) {
        records = { byId: new Map(), order: [] }
        buckets.set(after.bucket, records)
      }
      if (before === null) {
        records.order.push(after.id)
        postings.add(after)
      } else counts.remove(before)
      records.byId.set(after.id, after)
      counts.add(after)
      // A snapshot hands views over in filing order, not in event order.
      if (after.seq > (versions.get(after.bucket) ?? 0)) versions.set(after.bucket, after.seq)
    },
    *views() {
      for (const { byId, order } of buckets.values()) {
        for (const id of order) {
          const view = byId.get(id)
          if (view !== undefined) yield view
        }
      }
    },
  }
}
