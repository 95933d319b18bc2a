// Which page answers a URL path: a fixed page first, then a record page.
import { isRecordId } from '../names'
import type { Page, SiteModel } from './model'

export function findPage(site: SiteModel, pathname: string): { page: Page; recordId?: string } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  const fixed = site.pages.find((p) => p.path === path)
  if (fixed) return { page: fixed }
  const cut = path.lastIndexOf('/')
  const parent = path.slice(0, cut)
  const id = path.slice(cut + 1)
  if (!parent || !isRecordId(id)) return null
  const page = site.pages.find((p) => p.path === `${parent}/:id`)
  return page ? { page, recordId: id } : null
}
