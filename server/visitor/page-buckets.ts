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
  const found = new Set<string>()
  const visit = (name: string) => {
    if (found.has(name)) return
    found.add(name)
    for (const field of site.buckets.get(name)?.fields ?? []) if (field.of !== undefined) visit(field.of)
  }
  if (page.record !== undefined) visit(page.record)
  for (const block of page.blocks) if (block.kind !== 'text') visit(block.bucket)
  const buckets = [...found]
  known.set(page, buckets)
  return buckets
}
