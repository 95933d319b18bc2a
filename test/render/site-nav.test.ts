// Which pages the menu offers: `nav:` entries in order, group-only ones for
// those who may open them, and a site without `nav:` as it always was.
import { describe, expect, it } from 'vitest'
import type { Page } from '../../server/content/model'
import { siteNav } from '../../server/render/site-pages'
import { createSite, pages, STORY, t } from './fixture'

const withNav = (page: Page, label: string, order: number): Page => ({ ...page, nav: { label: t(label), order } })

const navSite = () => ({
  ...createSite(),
  pages: [
    withNav(pages.potholes, 'Report', 2),
    withNav(pages.staff, 'Staff', 3),
    withNav(pages.team, 'Team', 4),
    withNav(pages.home, 'Home', 1),
  ],
})

describe('siteNav', () => {
  it('without any nav: lists the public top-level pages by their titles, as before', () => {
    const links = siteNav(createSite(), 1)
    expect(links.map((l) => l.href)).toEqual(['/', '/potholes'])
    expect(links[0]?.label).toBe(`Home ${STORY}`)
  })

  it('with nav: lists only pages that declare it, by order, with their labels in the storyline', () => {
    const links = siteNav(navSite(), 1, { currentPath: '/potholes' })
    expect(links.map((l) => l.href)).toEqual(['/', '/potholes', '/about/team'])
    expect(links.map((l) => l.label)).toEqual([`Home ${STORY}`, `Report ${STORY}`, `Team ${STORY}`])
    expect(links.filter((l) => l.current).map((l) => l.href)).toEqual(['/potholes'])
  })

  it('shows a group-only page only to someone the policy let open it', () => {
    expect(siteNav(navSite(), 0, { groupPages: ['/staff'] }).map((l) => l.href)).toEqual([
      '/',
      '/potholes',
      '/staff',
      '/about/team',
    ])
  })
})
