// Whether a visitor sees a page exactly as someone who has never been here
// would: not signed in, and none of the page's buckets holds a record they
// filed (their own records are what would show differently: all their
// fields, their self moves). Such a view can be served from the page cache.
import type { Page } from '../content/model'
import type { PageContext } from './context'
import { pageBuckets } from './page-buckets'

const NOBODY = { principal: null, signedIn: false } as const

/** The context with the visitor as nobody in particular, or null when this visitor sees the page as their own. */
export function anonymousView(ctx: PageContext, page: Page): PageContext | null {
  const { visitor } = ctx
  if (visitor.signedIn || visitor.principal !== null) return null
  const submitter = visitor.submitter
  if (submitter === undefined) return ctx
  for (const bucket of pageBuckets(ctx.site, page)) {
    if (ctx.index.list(bucket, { submitter, offset: 0, limit: 1 }).total > 0) return null
  }
  return { ...ctx, visitor: NOBODY }
}
