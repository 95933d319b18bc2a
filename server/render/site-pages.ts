// The pages a visitor can reach from anywhere: public, one segment deep, and
// not a record page (those need an id to mean anything).
import type { Page, SiteModel } from '../content/model'
import { textAt } from './storyline'

export interface NavLink {
  readonly href: string
  readonly label: string
  readonly current?: boolean
}

export function topLevelPublicPages(site: SiteModel): readonly Page[] {
  return site.pages.filter(
    (page) => page.access === 'public' && page.record === undefined && /^\/[^/:]*$/.test(page.path),
  )
}

export function siteNav(site: SiteModel, story: number, currentPath?: string): readonly NavLink[] {
  return topLevelPublicPages(site).map((page) => ({
    href: page.path,
    label: textAt(page.title, story),
    current: page.path === currentPath,
  }))
}
