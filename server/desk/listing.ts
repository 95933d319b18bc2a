// A bucket's records for one page of a desk, filtered and in the order asked
// for (newest filing first unless the URL says otherwise).
import type { Bucket } from '../content/model'
import type { ListFilter } from '../records/list-filter'
import type { ListOrder } from '../records/list-order'
import type { RecordIndex } from '../records/record-index'
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
