// A bucket's records for one page of a desk, filtered and in the order asked
// for (newest filing first unless the URL says otherwise), each with when it
// was last active and whether the reader has yet to see what was last heard
// from outside (a reply by mail, a self move).
import type { Bucket } from '../content/model'
import type { ListFilter } from '../records/list-filter'
import type { ListOrder } from '../records/list-order'
import type { RecordIndex } from '../records/record-index'
import { looksLikeReference, parseReference } from '../records/reference'
import type { RecordView } from '../records/types'
import { filterStates, isFiltered, type BucketFilter } from './desk-query'
import { PAGE_SIZE, pageWindow, type PageWindow } from './paging'

export interface RowActivity {
  /** When the case was last filed, moved or noted (ISO); absent when the index cannot say. */
  readonly activeAt?: string
  /** Heard from since the reader last opened it. */
  readonly unread: boolean
}

export interface BucketListing {
  readonly bucket: Bucket
  readonly filter: BucketFilter
  readonly window: PageWindow
  readonly total: number
  readonly items: readonly RecordView[]
  /** One per item, in the same order. */
  readonly activity: readonly RowActivity[]
  /** With nothing to show and no filter asked for: how many closed cases the open-cases default hides. */
  readonly closedHidden: number
}

/** Case id to the sequence the reader last opened it at (case-reads.ts). */
export type SeenMarks = ReadonlyMap<string, number>

/**
 * A search written as a case's reference (K7M-4QX) finds that case in any
 * state; when no case of the bucket has it, the words are searched for as
 * any other search.
 */
export function byReference(index: RecordIndex, bucket: Bucket, q: string): RecordView | null {
  if (!looksLikeReference(q)) return null
  return index.byFiling(bucket.name, parseReference(q) ?? 0)
}

export function listFilter(bucket: Bucket, filter: BucketFilter, seen: SeenMarks = new Map()): ListFilter {
  const narrowed = { states: filterStates(bucket, filter), text: filter.q || undefined }
  return filter.unread === true ? { ...narrowed, unreadAfter: seen } : narrowed
}

function activityOf(index: RecordIndex, seen: SeenMarks, view: RecordView): RowActivity {
  const found = index.activity(view.bucket, view.id)
  if (found === null) return { unread: false }
  const unread = found.heardSeq > 0 && found.heardSeq > (seen.get(view.id) ?? 0)
  return Number.isNaN(found.activeMs) ? { unread } : { activeAt: new Date(found.activeMs).toISOString(), unread }
}

// The open-cases default shows nothing: say how many closed ones it leaves out, from the state counts.
function closedHidden(index: RecordIndex, bucket: Bucket, filter: BucketFilter, shown: number): number {
  if (shown > 0 || isFiltered(filter)) return 0
  const closed = bucket.states.filter((state) => state.closed === true).map((state) => state.name)
  if (closed.length === 0) return 0
  return index.list(bucket.name, { states: closed, offset: 0, limit: 0 }).total
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
  seen: SeenMarks = new Map(),
): BucketListing {
  const described = (items: RecordView[]) => items.map((view) => activityOf(index, seen, view))
  const referenced = byReference(index, bucket, filter.q)
  if (referenced !== null) {
    const items = [referenced].filter(readable)
    const window = pageWindow(1, 1)
    const activity = described(items)
    return { bucket, filter: { ...filter, page: 1 }, window, total: items.length, items, activity, closedHidden: 0 }
  }
  const query = { ...listFilter(bucket, filter, seen), order: listOrder(bucket, filter) }
  const asked = (filter.page - 1) * PAGE_SIZE
  let found = index.list(bucket.name, { ...query, offset: asked, limit: PAGE_SIZE })
  const window = pageWindow(found.total, filter.page)
  // Asked past the end: the last page instead.
  if (window.offset !== asked) found = index.list(bucket.name, { ...query, offset: window.offset, limit: PAGE_SIZE })
  const items = found.items.filter(readable)
  return {
    bucket,
    filter: { ...filter, page: window.page },
    window,
    total: found.total,
    items,
    activity: described(items),
    closedHidden: closedHidden(index, bucket, filter, found.total),
  }
}
