// A page's query, read at the edge: which page of each list, and what the
// visitor just did (post/redirect/get). Anything else is ignored.
import { z } from 'zod'
import { recordIdSchema } from '../names'

export interface PageQuery {
  /** List block index -> 1-based page, for lists not on their first page. */
  readonly pages: ReadonlyMap<number, number>
  readonly filed?: string
  readonly moved?: string
}

const LIST_PARAM = /^page-(\d{1,3})$/
const pageNumber = z.coerce.number().int().min(2).max(100_000)

/** The query key of one list's page. */
const listParam = (index: number): string => `page-${index}`

/** Whether the query says what the visitor just did: a message for them alone, at that moment. */
export function hasPostMessage(query: PageQuery): boolean {
  return query.filed !== undefined || query.moved !== undefined
}

/** The query of a URL without one: most page views. */
export const NO_QUERY: PageQuery = { pages: new Map() }

export function parsePageQuery(query: Readonly<Record<string, unknown>>): PageQuery {
  const pages = new Map<number, number>()
  for (const [key, value] of Object.entries(query)) {
    const index = LIST_PARAM.exec(key)?.[1]
    const page = pageNumber.safeParse(value)
    if (index !== undefined && page.success) pages.set(Number(index), page.data)
  }
  const filed = recordIdSchema.safeParse(query.filed)
  const moved = recordIdSchema.safeParse(query.moved)
  return { pages, filed: filed.success ? filed.data : undefined, moved: moved.success ? moved.data : undefined }
}

/** This page with one list turned to `page`, the other lists where they are. */
export function listHref(path: string, query: PageQuery, index: number, page: number): string {
  const pages = new Map(query.pages)
  if (page > 1) pages.set(index, page)
  else pages.delete(index)
  const text = listSearch(pages)
  return text === '' ? path : `${path}?${text}`
}

/** The query as this service writes it in its own links, without `?`: lists' pages only. */
export function listSearch(pages: PageQuery['pages']): string {
  if (pages.size === 0) return ''
  const sorted = [...pages].sort(([a], [b]) => a - b)
  return new URLSearchParams(sorted.map(([i, n]) => [listParam(i), String(n)])).toString()
}
