// A content page for one visitor: opened only by whom its access allows, a
// record page only for a record they may see, with its lists, forms and
// the message after what they just did. A visitor who sees the page as
// anyone would is served it from the page cache (utils/cached-page.ts).
import { getRequestURL, type H3Event } from 'h3'
import { useStore } from '../server/app/store'
import { useConfig } from '../server/config/use-config'
import type { Page } from '../server/content/model'
import { mayOpenPage } from '../server/policy/questions'
import { renderNotFound } from '../server/render/not-found'
import { renderPage } from '../server/render/page'
import { suggestHref } from '../server/render/suggestions/suggest-page'
import { isResponsibleFor } from '../server/suggestions/responsible-for'
import { renderPageRefused } from '../server/render/sign-in-needed'
import type { RecordView } from '../server/records/types'
import { anonymousView } from '../server/visitor/anonymous-view'
import type { PageContext } from '../server/visitor/context'
import { pkgAssets } from './assets'
import { cacheKeyOf, sendCachedPage } from './cached-page'
import { sendKeptPersonPage } from './kept-person-page'
import { getCsrfToken } from './csrf'
import { sendPage } from './html-response'
import { getViewer } from './viewer'
import { pageBuckets } from '../server/visitor/page-buckets'
import { buildPageData } from '../server/visitor/page-data'
import { hasPostMessage, listHref, listSearch, type PageQuery } from '../server/visitor/page-query'
import { visibleRecord } from '../server/visitor/record-page'
import { filedStatus, movedStatus } from '../server/visitor/status'
import { signInHref, type Visit } from '../server/visitor/visit'
import type { ShowPage } from './page-to-show'

/** Throws SessionsUnavailableError when the bus cannot answer for the session. */
export async function showPage(event: H3Event, visit: Visit, show: ShowPage): Promise<string | Buffer> {
  // The same decision the fast path makes (server/nitro/fast-pages-plugin.ts) before any route.
  const anonymous = show.refused === undefined ? anonymousView(visit.ctx, show.page) : null
  const key = anonymous === null ? null : cacheKeyOf(event, anonymous, visit.signInOn, show)
  if (anonymous !== null && key !== null) {
    const seen = { ...visit, ctx: anonymous }
    return sendCachedPage(event, anonymous.site, key, (csrfMark) => renderShown(event, seen, show, csrfMark))
  }
  const { ctx } = visit
  // A signed-in person's page, kept for them; not after a post, whose message is for that moment,
  // nor for a query the service's links never make (it must not crowd out other pages).
  if (ctx.visitor.signedIn && show.refused === undefined && !hasPostMessage(show.query) && ownLinkQuery(event, show)) {
    const page = {
      site: ctx.site,
      story: ctx.story,
      principal: ctx.visitor.principal,
      buckets: pageBuckets(ctx.site, show.page),
    }
    return sendKeptPersonPage(event, page, () => renderShown(event, visit, show, undefined))
  }
  const shown = await renderShown(event, visit, show, undefined)
  return sendPage(event, shown.html, shown.status)
}

interface Shown {
  readonly html: string
  readonly status: number
}

/** `csrfMark` stands in for the visitor's CSRF token in a page rendered for the cache. */
async function renderShown(event: H3Event, visit: Visit, show: ShowPage, csrfMark: string | undefined): Promise<Shown> {
  const { ctx } = visit
  const { site, story } = ctx
  const { page, path, query } = show
  const signIn = signInHref(visit, path)
  if (!mayOpenPage(ctx.policy, ctx.visitor, page)) {
    const href = ctx.visitor.signedIn ? null : (signIn ?? null)
    return { html: renderPageRefused({ site, story, assets: pkgAssets, signInHref: href }), status: 403 }
  }
  let record: RecordView | undefined
  if (page.record !== undefined) {
    // Not found, whether it never existed or is not this visitor's to see.
    const found = visibleRecord(ctx, page, show.recordId)
    if (found === null) return { html: renderNotFound({ site, story, assets: pkgAssets, path }), status: 404 }
    record = found
  }
  const mapsOn = useConfig().MAP_TOKEN !== undefined
  const data = buildPageData(ctx, {
    page,
    record,
    listPage: (index) => query.pages.get(index) ?? 1,
    listHref: (index, n) => listHref(path, query, index, n),
    signInHref: signIn,
    refused: show.refused,
    mapsOn,
  })
  // A visitor with records of their own may be shown self moves beside them.
  const needsCsrf = data.showsForm || ctx.visitor.submitter !== undefined || visit.session !== null
  const csrf = csrfMark ?? (needsCsrf ? await getCsrfToken(event) : undefined)
  const viewer = await getViewer(event, site, story, ctx.policy)
  const user = visit.session?.user
  const html = renderPage({
    site,
    page,
    story,
    assets: pkgAssets,
    // A refused post is answered at /file/…: sign-in must still come back to the page.
    viewer: viewer.signedIn ? viewer : { signedIn: false, signInHref: signIn ?? null },
    mapsOn,
    maps: data.maps,
    mapAttribution: useConfig().MAP_ATTRIBUTION,
    // Without an object store, file inputs are disabled: uploads fail closed (SPEC 7 rule 2).
    filesEnabled: useStore() !== null,
    recordId: record?.id,
    csrf,
    forms: data.forms,
    lists: data.lists,
    record: data.record,
    signInToFile: data.signInToFile,
    pagePath: path,
    status: await statusOf(ctx, visit, page, query),
    ...(user !== null && user !== undefined && isResponsibleFor(page, user) ? { suggestHref: suggestHref(page) } : {}),
  })
  return { html, status: show.statusCode ?? 200 }
}

function statusOf(ctx: PageContext, visit: Visit, page: Page, query: PageQuery) {
  if (query.filed !== undefined) return filedStatus(ctx, visit.records, page, query.filed)
  if (query.moved !== undefined) return movedStatus(ctx, visit.records, movedBuckets(page), query.moved)
  return undefined
}

function ownLinkQuery(event: H3Event, show: ShowPage): boolean {
  return getRequestURL(event).search.slice(1) === listSearch(show.query.pages)
}

// Self moves are offered in `mine` lists and on a record's own page.
function movedBuckets(page: Page): string[] {
  const mine = page.blocks.flatMap((block) => (block.kind === 'list' && block.view === 'mine' ? [block.bucket] : []))
  return page.record === undefined ? mine : [page.record, ...mine]
}
