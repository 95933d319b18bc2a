// The People view's query string: a search over names, addresses and phone
// numbers, and one group paged through. Anything else is ignored.
export interface PeopleQuery {
  readonly q: string
  readonly group?: string
  readonly page: number
}

const SEARCH_MAX = 100
const PAGE_MAX = 100_000

export function readPeopleQuery(query: Readonly<Record<string, unknown>>, groups: readonly string[]): PeopleQuery {
  const q = typeof query.q === 'string' ? query.q.trim().slice(0, SEARCH_MAX) : ''
  const group = typeof query.group === 'string' && groups.includes(query.group) ? query.group : undefined
  const asked = typeof query.page === 'string' && /^\d{1,6}$/.test(query.page) ? Number(query.page) : 1
  return { q, ...(group === undefined ? {} : { group }), page: Math.min(Math.max(asked, 1), PAGE_MAX) }
}

/** The People view's address for a query, keeping only what differs from the default. */
export function peopleQueryString(query: Partial<PeopleQuery>): string {
  const params = new URLSearchParams()
  if (query.q) params.set('q', query.q)
  if (query.group !== undefined) params.set('group', query.group)
  if (query.page !== undefined && query.page > 1) params.set('page', String(query.page))
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}
