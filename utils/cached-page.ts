// Serving pages from the page cache (server/visitor/page-cache.ts). The route
// renders a missing page and keeps it (sendCachedPage); the fast path in
// server/nitro/fast-pages-plugin.ts answers a kept one before any route runs
// (serveCachedPage), from what is already in memory, with no await.
import { randomBytes } from 'node:crypto'
import { getQuery, getRequestHeader, getRequestURL, parseCookies, setResponseHeader, type H3Event } from 'h3'
import { useContentStore } from '../server/app/content'
import { recordsIfReady } from '../server/app/records'
import { findPage } from '../server/content/find-page'
import type { SiteModel } from '../server/content/model'
import { formSecretIfReady } from '../server/forms/form-secret'
import { formToken, newVisitorFormToken } from '../server/forms/form-token'
import { signInIfReady } from '../server/sign-in/use-sign-in'
import { seesAsAnyone } from '../server/visitor/anonymous-view'
import type { PageContext } from '../server/visitor/context'
import { usePageCache } from '../server/visitor/page-cache'
import { pageCacheKey } from '../server/visitor/page-cache-key'
import { NO_QUERY, parsePageQuery } from '../server/visitor/page-query'
import { createPageTemplate, fillPageTemplate, type PageTemplate } from '../server/visitor/page-template'
import { cookieSubmitters } from '../server/visitor/visitor'
import { newVisitorCookie, readVisitorCookieValues, VISITOR_COOKIE } from '../server/visitor/visitor-cookie'
import type { ShowPage } from './page-to-show'
import { getCsrfToken } from './csrf'
import { PAGE_HEADERS } from '../server/http/page-headers'
import { serviceCounts } from '../server/metrics/service-counts'
import { HTML_TYPE, PAGE_CACHING, sendPage } from './html-response'
import { SESSION_COOKIE } from './session'
import { drawStorylineFor, setStorylineDraw } from './storyline'
import { siteCookieName } from './secure'
import { visitorCookieLine } from './visitor-cookie'

// Stands in for the CSRF token in cached pages; random, so no content can guess it.
const CSRF_MARK = randomBytes(16).toString('base64url')

export function cacheKeyOf(event: H3Event, ctx: PageContext, signInOn: boolean, show: ShowPage): string | null {
  const search = getRequestURL(event).search.slice(1)
  const { site, index, story } = ctx
  return pageCacheKey({ site, index, page: show.page, path: show.path, search, query: show.query, story, signInOn })
}

/** The page under `key`, rendered and kept first if it is not kept yet. */
export async function sendCachedPage(
  event: H3Event,
  site: SiteModel,
  key: string,
  render: (csrfMark: string) => Promise<{ html: string; status: number }>,
): Promise<string | Buffer> {
  const cache = usePageCache(site)
  let template = cache.get(key)
  if (template === undefined) {
    serviceCounts.pageCacheMisses++
    const shown = await render(CSRF_MARK)
    // Refusals and not-found pages are cheap and should not crowd out pages.
    if (shown.status !== 200) return sendPage(event, shown.html.replaceAll(CSRF_MARK, ''), shown.status)
    template = createPageTemplate(shown.html, CSRF_MARK)
    cache.set(key, template)
  } else serviceCounts.pageCacheHits++
  return sendTemplate(event, template, template.needsCsrf ? await getCsrfToken(event) : undefined)
}

/**
 * A kept page for a visitor without a session, or undefined to let the route
 * answer: anything not ready, not kept, or not the same for this visitor as
 * for anyone (a filer sees their own). A first visit gets its storyline and
 * visitor cookies here, as the route would give them.
 */
export function serveCachedPage(event: H3Event): string | Buffer | undefined {
  const site = useContentStore()?.current()?.site
  const live = recordsIfReady()
  const signIn = signInIfReady()
  const secret = formSecretIfReady()
  if (site === undefined || live === null || signIn === null || secret === null) return undefined
  // Another instance appended what this one has not taken in: the route waits for it (useRecords).
  if (live.index.behindHeard()) return undefined
  const cookies = parseCookies(event)
  if (cookies[siteCookieName(SESSION_COOKIE)] !== undefined) return undefined
  const [pathname = '/', search = ''] = event.path.split('?', 2)
  const found = findPage(site, pathname)
  if (found === null) return undefined
  const query = search === '' ? NO_QUERY : parsePageQuery(getQuery(event))
  // A first visit draws its storyline here, as the route would; the cookies go with the answer.
  const draw = drawStorylineFor(site, cookies)
  const key = pageCacheKey({
    site,
    index: live.index,
    page: found.page,
    path: found.path,
    search,
    query,
    story: draw.story,
    signInOn: signIn.on,
  })
  const template = key === null ? undefined : usePageCache(site).get(key)
  const visitor = readVisitorCookieValues(cookies[siteCookieName(VISITOR_COOKIE)])
  const missed =
    template === undefined ||
    (visitor.length > 0 && !seesAsAnyone(site, live.index, found.page, cookieSubmitters(visitor)))
  if (missed) {
    // The route answers, with this draw (drawing again would count a visitor twice).
    setStorylineDraw(event, draw)
    return undefined
  }
  // A form needs the visitor cookie its token signs: made now for a first visit, in memory only.
  let csrf: string | undefined
  let lines = draw.lines
  if (template.needsCsrf) {
    const known = visitor[0]
    const made = known ?? newVisitorCookie()
    csrf = known === undefined ? newVisitorFormToken(secret, made) : formToken(secret, known)
    if (known === undefined) lines = [...lines, visitorCookieLine([made])]
  }
  serviceCounts.pageCacheHits++
  return endWithTemplate(event, template, csrf, lines)
}

// The fast path's own send: one writeHead and end, rather than h3's helpers,
// which check each header again. The cookies go in the same call: with nothing
// set on the response before, Node takes the headers as given instead of
// merging them one by one. Like h3's send, it writes in the event loop's check
// phase: the answers to every request read in one turn then leave one after
// another, and each socket write costs the kernel about half what it costs in
// the midst of reading (docs/performance.md, "Answers written together").
function endWithTemplate(
  event: H3Event,
  template: PageTemplate,
  csrf: string | undefined,
  cookies: readonly string[],
): string | Buffer {
  const { req, res } = event.node
  const answer = answerTemplate(template, csrf, req.headers['if-none-match'])
  const headers: Record<string, string | string[]> = {
    ...PAGE_HEADERS,
    'content-type': HTML_TYPE,
    'cache-control': PAGE_CACHING,
    etag: answer.etag,
  }
  // Given, or Node sends the body chunked: writeHead writes the headers before the body is known.
  if (answer.status === 200) headers['content-length'] = String(answer.body.length)
  if (cookies.length > 0) headers['set-cookie'] = [...cookies]
  // Set now for whoever looks before the write (the request metrics).
  res.statusCode = answer.status
  setImmediate(() => {
    res.writeHead(answer.status, headers)
    res.end(answer.body)
  })
  return answer.body
}

/** A kept page with its tokens filled in, or a 304 when the browser has these bytes already. */
export function sendTemplate(event: H3Event, template: PageTemplate, csrf: string | undefined): string | Buffer {
  const answer = answerTemplate(template, csrf, getRequestHeader(event, 'if-none-match'))
  setResponseHeader(event, 'etag', answer.etag)
  return sendPage(event, answer.body, answer.status)
}

function answerTemplate(template: PageTemplate, csrf: string | undefined, ifNoneMatch: string | undefined) {
  const token = template.needsCsrf ? csrf : undefined
  // Weak: the submission tokens differ per view, what the page says does not.
  const etag = `W/"${template.digest}${token === undefined ? '' : `.${token.slice(0, 12)}`}"`
  if (ifNoneMatch === etag) return { status: 304, etag, body: '' }
  return { status: 200, etag, body: fillPageTemplate(template, token) }
}
