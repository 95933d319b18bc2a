// The buckets whose records a page can show: its lists, forms and maps, its
// record's bucket, and every bucket a record field of those points at (a form
// offers those records as choices, a list names them). A page is unchanged
// while none of these is.
import type { Page, SiteModel } from '../content/model'

// Pages are immutable parts of one content version, so each is worked out once.
const known = new WeakMap<Page, readonly string[]>()

export function pageBuckets(site: SiteModel, page: Page): readonly string[] {
  const cached = known.get(page)
  if (cached !== undefined) return cached
  const shown = page.blocks.flatMap((block) => (block.kind === 'text' ? [] : [block.bucket]))
  const buckets = withLinkedBuckets(site, page.record === undefined ? shown : [page.record, ...shown])
  known.set(page, buckets)
  return buckets
}

/** `names` and every bucket their record fields point at, however deep. */
export function withLinkedBuckets(site: SiteModel, names: readonly string[]): readonly string[] {
  const found = new Set<string>()
  const visit = (name: string) => {
    if (found.has(name)) return
    found.add(name)
    for (const field of site.buckets.get(name)?.fields ?? []) if (field.of !== undefined) visit(field.of)
  }
  names.forEach(visit)
  return [...found]
}
