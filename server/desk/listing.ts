// A bucket's records for one page of a desk, newest first, filtered.
import type { Bucket } from '../content/model'
import type { ListFilter } from '../records/list-filter'
import type { RecordIndex } from '../records/record-index'
import type { RecordView } from '../records/types'
import type { BucketFilter } from './desk-query'
import { PAGE_SIZE, pageWindow, type PageWindow } from './paging'

export interface BucketListing {
  readonly bucket: Bucket
  readonly filter: BucketFilter
  readonly window: PageWindow
  readonly total: number
  readonly items: readonly RecordView[]
}

export function listFilter(filter: BucketFilter): ListFilter {
  return { states: filter.state === undefined ? undefined : [filter.state], text: filter.q || undefined }
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
  const query = listFilter(filter)
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
