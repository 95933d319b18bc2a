// Pages as anyone who has not signed in sees them, kept per content version:
// a reload is a new SiteModel and so a new, empty cache. Within one, the key
// names everything else such a page depends on (utils/show-page.ts builds it,
// with the index's version of the buckets the page shows), so nothing is
// ever stale and nothing needs forgetting; the bounds only cap memory.
import type { SiteModel } from '../content/model'
import type { PageTemplate } from './page-template'

const MAX_ENTRIES = 2_000
const MAX_BYTES = 64 * 1024 * 1024

export interface PageCache {
  get(key: string): PageTemplate | undefined
  set(key: string, template: PageTemplate): void
}

export function createPageCache(maxEntries = MAX_ENTRIES, maxBytes = MAX_BYTES): PageCache {
  const entries = new Map<string, { template: PageTemplate; size: number }>()
  let bytes = 0
  return {
    get(key) {
      const entry = entries.get(key)
      if (entry === undefined) return undefined
      // Most recently used last, so the oldest unused goes first.
      entries.delete(key)
      entries.set(key, entry)
      return entry.template
    },
    set(key, template) {
      const size = template.parts.reduce((sum, part) => sum + part.length, key.length)
      const old = entries.get(key)
      if (old !== undefined) bytes -= old.size
      entries.delete(key)
      entries.set(key, { template, size })
      bytes += size
      for (const [oldest, entry] of entries) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break
        entries.delete(oldest)
        bytes -= entry.size
      }
    },
  }
}

const caches = new WeakMap<SiteModel, PageCache>()

export function usePageCache(site: SiteModel): PageCache {
  let cache = caches.get(site)
  if (cache === undefined) {
    cache = createPageCache()
    caches.set(site, cache)
  }
  return cache
}
