// Serving a page from the page cache (server/visitor/page-cache.ts): the key
// names what such a page depends on besides the content version, the
// visitor's CSRF token is filled in, and a repeat view answers 304.
import { randomBytes } from 'node:crypto'
import { getRequestHeader, getRequestURL, setResponseHeader, type H3Event } from 'h3'
import type { SiteModel } from '../server/content/model'
import type { PageContext } from '../server/visitor/context'
import { pageBuckets } from '../server/visitor/page-buckets'
import { usePageCache } from '../server/visitor/page-cache'
import { listSearch } from '../server/visitor/page-query'
import { createPageTemplate, fillPageTemplate } from '../server/visitor/page-template'
import type { ShowPage } from './show-page'
import { getCsrfToken } from './csrf'
import { sendPage } from './html-response'

// Stands in for the CSRF token in cached pages; random, so no content can guess it.
const CSRF_MARK = randomBytes(16).toString('base64url')

/**
 * The cache key, or null when the page is not kept: after a post (its
 * message is for one visitor) or when the query is not one the service's own
 * links make (a crawler's junk must not fill the cache).
 */
export function cacheKeyOf(event: H3Event, ctx: PageContext, signInOn: boolean, show: ShowPage): string | null {
  const { query } = show
  if (query.filed !== undefined || query.moved !== undefined) return null
  const search = getRequestURL(event).search.slice(1)
  if (search !== listSearch(query.pages)) return null
  const version = ctx.index.version(pageBuckets(ctx.site, show.page))
  return JSON.stringify([show.path, search, ctx.story, version, signInOn])
}

export async function sendCachedPage(
  event: H3Event,
  site: SiteModel,
  key: string,
  render: (csrfMark: string) => Promise<{ html: string; status: number }>,
): Promise<string> {
  const cache = usePageCache(site)
  let template = cache.get(key)
  if (template === undefined) {
    const shown = await render(CSRF_MARK)
    // Refusals and not-found pages are cheap and should not crowd out pages.
    if (shown.status !== 200) return sendPage(event, shown.html.replaceAll(CSRF_MARK, ''), shown.status)
    template = createPageTemplate(shown.html, CSRF_MARK)
    cache.set(key, template)
  }
  const csrf = template.needsCsrf ? await getCsrfToken(event) : undefined
  // Weak: the submission tokens differ per view, what the page says does not.
  const etag = `W/"${template.digest}${csrf === undefined ? '' : `.${csrf.slice(0, 12)}`}"`
  setResponseHeader(event, 'etag', etag)
  if (getRequestHeader(event, 'if-none-match') === etag) {
    sendPage(event, '', 304)
    return ''
  }
  return sendPage(event, fillPageTemplate(template, csrf), 200)
}
