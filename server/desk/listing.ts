// A bucket's records for one page of a desk, filtered and in the order asked
// for (newest filing first unless the URL says otherwise).
import type { Bucket } from '../content/model'
import type { ListFilter } from '../records/list-filter'
import type { ListOrder } from '../records/list-order'
import type { RecordIndex } from '../records/record-index'
import { looksLikeReference, parseReference } from '../records/reference'
import type { RecordView } from '../records/types'
import { filterStates, type BucketFilter } from './desk-query'
import { PAGE_SIZE, pageWindow, type PageWindow } from './paging'

export interface BucketListing {
  readonly bucket: Bucket
  readonly filter: BucketFilter
  readonly window: PageWindow
  readonly total: number
  readonly items: readonly RecordView[]
}

/**
 * A search written as a case's reference (K7M-4QX) finds that case in any
 * state; when no case of the bucket has it, the words are searched for as
 * any other search.
 */
export function byReference(index: RecordIndex, bucket: Bucket, q: string): RecordView | null {
  if (!looksLikeReference(q)) return null
  return index.byFiling(bucket.name, parseReference(q) ?? 0)
}

export function listFilter(bucket: Bucket, filter: BucketFilter): ListFilter {
  return { states: filterStates(bucket, filter), text: filter.q || undefined }
}

export function listOrder(bucket: Bucket, filter: BucketFilter): ListOrder {
  return { by: filter.sort, states: bucket.states.map((s) => s.name) }
}

/**
 * `readable` is the person's `read` on each record: a policy/ file's forbid
 * hides a record from the listing as it does from its own page.
 */
export function listBucket(
  index: RecordIndex,
  bucket: Bucket,
  filter: BucketFilter,
  readable: (view: RecordView) => boolean,
): BucketListing {
  const referenced = byReference(index, bucket, filter.q)
  if (referenced !== null) {
    const items = [referenced].filter(readable)
    return { bucket, filter: { ...filter, page: 1 }, window: pageWindow(1, 1), total: items.length, items }
  }
  const query = { ...listFilter(bucket, filter), order: listOrder(bucket, filter) }
  const asked = (filter.page - 1) * PAGE_SIZE
  let found = index.list(bucket.name, { ...query, offset: asked, limit: PAGE_SIZE })
  const window = pageWindow(found.total, filter.page)
  // Asked past the end: the last page instead.
  if (window.offset !== asked) found = index.list(bucket.name, { ...query, offset: window.offset, limit: PAGE_SIZE })
  return {
    bucket,
    filter: { ...filter, page: window.page },
    window,
    total: found.total,
    items: found.items.filter(readable),
  }
}
