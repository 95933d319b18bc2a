// The desk's query string: which bucket the filters are for, a state (none
// given: the open states; `_all`: every state), a search, only the reader's
// unread cases (`unread=1`), the order and a page. A value that does not fit
// is dropped, not refused: a hand-edited or outdated link still shows the desk.
import { z } from 'zod'
import type { Bucket } from '../content/model'
import { isName } from '../names'

export const MAX_SEARCH = 200
const MAX_PAGE = 100_000

// A repeated parameter arrives as a list; the first one counts.
const first = (value: unknown): unknown => (Array.isArray(value) ? (value as unknown[])[0] : value)
const optionalName = z.preprocess(first, z.string().refine(isName).optional().catch(undefined))

/** `state=_all`: no name starts with `_`, so it cannot be a state's. */
export const ALL_STATES = '_all'

/** Newest filing first (the default), oldest first, last moved first, in the bucket's order of states, or last active first. */
export const DESK_SORTS = ['newest', 'oldest', 'moved', 'state', 'activity'] as const
export type DeskSort = (typeof DESK_SORTS)[number]

const querySchema = z.object({
  bucket: optionalName,
  state: z.preprocess(
    first,
    z
      .string()
      .refine((value) => value === ALL_STATES || isName(value))
      .optional()
      .catch(undefined),
  ),
  sort: z.preprocess(first, z.enum(DESK_SORTS).catch('newest')).catch('newest'),
  unread: z.preprocess(first, z.literal('1').optional().catch(undefined)).catch(undefined),
  q: z
    .preprocess(first, z.string().catch(''))
    .transform((q) => q.trim().slice(0, MAX_SEARCH))
    .catch(''),
  page: z.preprocess(first, z.coerce.number().int().min(1).max(MAX_PAGE).catch(1)).catch(1),
})

export type DeskQuery = z.infer<typeof querySchema>

export function parseDeskQuery(query: unknown): DeskQuery {
  return querySchema.parse(typeof query === 'object' && query !== null ? query : {})
}

export interface BucketFilter {
  /** A state of the bucket, ALL_STATES, or undefined for the open states (every state not `closed: true`). */
  readonly state: string | undefined
  readonly q: string
  readonly sort: DeskSort
  readonly page: number
  /** Only the cases heard from (a reply by mail, a self move) since the reader last opened them. */
  readonly unread?: boolean
}

export const NO_FILTER: BucketFilter = { state: undefined, q: '', sort: 'newest', page: 1 }

/** The filter for one bucket: a state the bucket does not have means the open states. */
export function bucketFilter(bucket: Bucket, query: DeskQuery): BucketFilter {
  const known = query.state === ALL_STATES || bucket.states.some((s) => s.name === query.state)
  const filter = { state: known ? query.state : undefined, q: query.q, sort: query.sort, page: query.page }
  return query.unread === undefined ? filter : { ...filter, unread: true }
}

/** The states a filter lists; undefined for every state. */
export function filterStates(bucket: Bucket, filter: BucketFilter): string[] | undefined {
  if (filter.state === ALL_STATES) return undefined
  if (filter.state !== undefined) return [filter.state]
  const open = bucket.states.filter((s) => s.closed !== true).map((s) => s.name)
  return open.length === bucket.states.length ? undefined : open
}

/** Whether a filter narrows what the desk opens on (the open states, newest first). */
export function isFiltered(filter: BucketFilter): boolean {
  return filter.state !== undefined || filter.q !== '' || filter.unread === true
}

/** The query string that shows `filter` for `bucket`; page 1, the default order and empty values are left out. */
export function filterQuery(bucket: string, filter: BucketFilter): string {
  const params = new URLSearchParams({ bucket })
  if (filter.state !== undefined) params.set('state', filter.state)
  if (filter.q !== '') params.set('q', filter.q)
  if (filter.unread === true) params.set('unread', '1')
  if (filter.sort !== 'newest') params.set('sort', filter.sort)
  if (filter.page > 1) params.set('page', String(filter.page))
  return `?${params.toString()}`
}
