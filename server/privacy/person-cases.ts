// Every case that is the visitor's own (visitor/mine-filter.ts) in every
// bucket, read a page at a time from the index and whole (with its history)
// from the projection, for the export.
import type { SiteModel } from '../content/model'
import type { RecordIndex } from '../records/record-index'
import type { Records } from '../records/records'
import { mineFilter } from '../visitor/mine-filter'
import type { Visitor } from '../visitor/visitor'
import type { ExportCase } from './case-export'

const PAGE = 100

export async function* personCases(
  site: SiteModel,
  index: RecordIndex,
  records: Pick<Records, 'projection'>,
  visitor: Visitor,
): AsyncGenerator<ExportCase> {
  for (const bucket of site.buckets.values()) {
    const filter = mineFilter(visitor, bucket)
    if (filter === null) continue
    for (let offset = 0; ; offset += PAGE) {
      const { items } = index.list(bucket.name, { ...filter, offset, limit: PAGE })
      for (const view of items) {
        const kept = await records.projection(bucket.name, view.id)
        if (kept !== null) yield { bucket, record: kept.record, history: kept.history }
      }
      if (items.length < PAGE) break
    }
  }
}
