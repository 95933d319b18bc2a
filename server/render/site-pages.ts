// The pages the menu offers. A site whose pages declare `nav:` gets those, in
// their order, group-only ones only for people who may open them; a site
// without any `nav:` keeps the menu of its public top-level pages (record
// pages need an id to mean anything).
import type { Page, SiteModel } from '../content/model'
import { textAt } from '../content/storyline'

export interface NavLink {
  readonly href: string
  readonly label: string
  readonly current?: boolean
  /** In the menu on a phone only: a wide screen shows it in the header's account corner. */
  readonly narrowOnly?: boolean
}

export function topLevelPublicPages(site: SiteModel): readonly Page[] {
  return site.pages.filter(
    (page) => page.access === 'public' && page.record === undefined && /^\/[^/:]*$/.test(page.path),
  )
}

/** The pages that declare `nav:`, in menu order (ties by path, as the lint reports them). */
export function menuPages(site: SiteModel): readonly Page[] {
  return site.pages
    .filter((page) => page.nav !== undefined)
    .sort((a, b) => (a.nav?.order ?? 0) - (b.nav?.order ?? 0) || (a.path < b.path ? -1 : 1))
}

export interface MenuFor {
  /** The page being shown, marked as current. */
  readonly currentPath?: string
  /** Group-only menu pages this person may open (asked of the policy by whoever knows the person). */
  readonly groupPages?: readonly string[]
}

export function siteNav(site: SiteModel, story: number, menuFor: MenuFor = {}): readonly NavLink[] {
  const declared = menuPages(site)
  const link = (page: Page, label: string): NavLink => ({
    href: page.path,
    label,
    current: page.path === menuFor.currentPath,
  })
  if (declared.length === 0) return topLevelPublicPages(site).map((page) => link(page, textAt(page.title, story)))
  const open = new Set(menuFor.groupPages ?? [])
  return declared
    .filter((page) => page.access === 'public' || open.has(page.path))
    .map((page) => link(page, textAt(page.nav?.label ?? page.title, story)))
}
