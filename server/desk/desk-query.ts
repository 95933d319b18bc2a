// The desk's query string: which bucket the filters are for, a state, a
// search and a page. A value that does not fit is dropped, not refused: a
// hand-edited or outdated link still shows the desk.
import { z } from 'zod'
import type { Bucket } from '../content/model'
import { isName } from '../names'

export const MAX_SEARCH = 200
const MAX_PAGE = 100_000

// A repeated parameter arrives as a list; the first one counts.
const first = (value: unknown): unknown => (Array.isArray(value) ? (value as unknown[])[0] : value)
const optionalName = z.preprocess(first, z.string().refine(isName).optional().catch(undefined))

const querySchema = z.object({
  bucket: optionalName,
  state: optionalName,
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
  /** A state of the bucket, or undefined for every state. */
  readonly state: string | undefined
  readonly q: string
  readonly page: number
}

export const NO_FILTER: BucketFilter = { state: undefined, q: '', page: 1 }

/** The filter for one bucket: a state the bucket does not have means every state. */
export function bucketFilter(bucket: Bucket, query: DeskQuery): BucketFilter {
  const state = bucket.states.some((s) => s.name === query.state) ? query.state : undefined
  return { state, q: query.q, page: query.page }
}

/** The query string that shows `filter` for `bucket`; page 1 and empty values are left out. */
export function filterQuery(bucket: string, filter: BucketFilter): string {
  const params = new URLSearchParams({ bucket })
  if (filter.state !== undefined) params.set('state', filter.state)
  if (filter.q !== '') params.set('q', filter.q)
  if (filter.page > 1) params.set('page', String(filter.page))
  return `?${params.toString()}`
}
