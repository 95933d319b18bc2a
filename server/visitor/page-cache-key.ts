// The page cache's key: within one content version, everything else a page
// seen by nobody in particular depends on. The route that renders a page and
// the middleware that serves a cached one both build it here, so they can
// never disagree about which page is which.
import type { Page, SiteModel } from '../content/model'
import type { RecordIndex } from '../records/record-index'
import { pageBuckets } from './page-buckets'
import { hasPostMessage, listSearch, type PageQuery } from './page-query'

export interface PageCacheKeyInput {
  readonly site: SiteModel
  readonly index: RecordIndex
  readonly page: Page
  /** The path as asked for, a record page's with its id, without a trailing slash. */
  readonly path: string
  /** The query string as sent, without `?`. */
  readonly search: string
  readonly query: PageQuery
  readonly story: number
  readonly signInOn: boolean
}

/**
 * Null when the page is not kept: after a post (its message is for one
 * visitor), or when the query is not one the service's own links make (a
 * crawler's junk must not fill the cache).
 */
export function pageCacheKey(input: PageCacheKeyInput): string | null {
  const { query, search } = input
  if (hasPostMessage(query)) return null
  if (search !== listSearch(query.pages)) return null
  const version = input.index.version(pageBuckets(input.site, input.page))
  return JSON.stringify([input.path, search, input.story, version, input.signInOn])
}
