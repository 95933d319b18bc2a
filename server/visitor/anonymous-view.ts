// Whether a visitor sees a page exactly as someone who has never been here
// would: not signed in, and none of the page's buckets holds a record they
// filed (their own records are what would show differently: all their
// fields, their self moves). Such a view can be served from the page cache.
import type { Page, SiteModel } from '../content/model'
import type { RecordIndex } from '../records/record-index'
import type { PageContext } from './context'
import { pageBuckets } from './page-buckets'

const NOBODY = { principal: null, signedIn: false } as const

/** The context with the visitor as nobody in particular, or null when this visitor sees the page as their own. */
export function anonymousView(ctx: PageContext, page: Page): PageContext | null {
  const { visitor } = ctx
  if (visitor.signedIn || visitor.principal !== null) return null
  if (!seesAsAnyone(ctx.site, ctx.index, page, visitor.submitters ?? visitor.submitter)) return null
  return visitor.submitter === undefined ? ctx : { ...ctx, visitor: NOBODY }
}

/** `submitter` is what the visitor's own records carry (any of them), undefined for someone who never filed. */
export function seesAsAnyone(
  site: SiteModel,
  index: RecordIndex,
  page: Page,
  submitter: string | readonly string[] | undefined,
): boolean {
  if (submitter === undefined) return true
  return pageBuckets(site, page).every((bucket) => !index.hasFiled(bucket, submitter))
}
