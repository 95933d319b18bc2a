// Issue #14, item 8: a list is headed by the heading the page gives it, not by
// its bucket's title. On the demo's home page the public list reads "What
// your neighbours have spotted" in the warm storyline, once, and the bucket's
// "Potholes you told us about" (words for a person's own reports) is not shown.
import { beforeAll, describe, expect, it } from 'vitest'
import type { SiteModel } from '../../server/content/model'
import { renderPage } from '../../server/render/page'
import { loadDemo } from '../support/demo-site'

let site: SiteModel
beforeAll(async () => {
  site = await loadDemo()
})

function render(path: string, story: number): string {
  const page = site.pages.find((candidate) => candidate.path === path)
  if (page === undefined) throw new Error(`no page ${path}`)
  return renderPage({ site, page, story, assets: { css: '/pkg/site.css' }, mapsOn: false, filesEnabled: false })
}

/** Each list's heading, as the section that holds the list is labelled by it. */
const listHeadings = (doc: string) =>
  [...doc.matchAll(/<section class="list"[^>]* aria-labelledby="([^"]+)"><h2 id="\1">([^<]*)<\/h2>/g)].map(
    ([, , heading]) => heading,
  )

describe('a list is headed by its own heading', () => {
  it('the demo home page: "Recently reported" / "What your neighbours have spotted", not the bucket title', () => {
    expect(listHeadings(render('/', 0))).toEqual(['Recently reported'])
    const warm = render('/', 1)
    expect(listHeadings(warm)).toEqual(['What your neighbours have spotted'])
    expect(warm.match(/What your neighbours have spotted/g)).toHaveLength(1)
    expect(warm).not.toContain('Potholes you told us about')
  })

  it("a list without a heading of its own keeps its bucket's title; the staff page names both its lists", () => {
    expect(listHeadings(render('/my-reports', 1))).toEqual(['Potholes you told us about'])
    expect(listHeadings(render('/staff', 0))).toEqual(['All districts', 'All reports'])
    expect(listHeadings(render('/districts/:id', 0))).toEqual(['Reports in this district'])
  })
})
