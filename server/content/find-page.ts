// Which page answers a URL path: a fixed page first, then a record page.
// The path comes back as the page is known by (no trailing slash), the one
// spelling every caller uses for links, forms and the page cache.
import { isRecordId } from '../names'
import type { Page, SiteModel } from './model'

export interface FoundPage {
  readonly page: Page
  readonly recordId?: string
  readonly path: string
}

export function findPage(site: SiteModel, pathname: string): FoundPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  const fixed = site.pages.find((p) => p.path === path)
  if (fixed) return { page: fixed, path }
  const cut = path.lastIndexOf('/')
  const parent = path.slice(0, cut)
  const id = path.slice(cut + 1)
  if (!parent || !isRecordId(id)) return null
  const page = site.pages.find((p) => p.path === `${parent}/:id`)
  return page ? { page, recordId: id, path } : null
}
