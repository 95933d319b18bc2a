import { describe, expect, it } from 'vitest'
import { html } from '../../server/render/html'
import { renderPage, type PageOptions } from '../../server/render/page'
import { byId } from './dom'
import { assets, createSite, pages, PLAIN, STORY, t } from './fixture'
import { said } from '../../server/messages/said'

const site = createSite()
const render = (options: Partial<PageOptions> = {}) =>
  renderPage({ site, page: pages.potholes, story: 0, assets, mapsOn: false, filesEnabled: false, ...options })

describe('renderPage', () => {
  it.each([
    [0, PLAIN, STORY],
    [1, STORY, PLAIN],
  ])('storyline %i shows only its own texts', (story, own, other) => {
    for (const page of Object.values(pages)) {
      const doc = render({
        page,
        story,
        mapsOn: true,
        forms: { potholes: { errors: { street: said('answer.enter') } } },
      })
      expect(doc).toContain(own)
      expect(doc).not.toContain(other)
    }
  })

  it('renders the title, text, form and list in content order', () => {
    const doc = render()
    expect(doc).toContain(`<title>Report a pothole ${PLAIN} – Fix My Street ${PLAIN}</title>`)
    expect(doc).toContain(`<h1>Report a pothole ${PLAIN}</h1>`)
    const order = ['<div class="text"><p>Tell us', '<form ', '<section class="list"'].map((s) => doc.indexOf(s))
    expect(order.every((at) => at > 0)).toBe(true)
    expect(order).toEqual([...order].sort((a, b) => a - b))
  })

  it('marks the current page in the nav', () => {
    expect(render()).toContain(`<a href="/potholes" aria-current="page">`)
  })

  it('shows a list placeholder with its bucket and an empty state', () => {
    const doc = render()
    const opening = '<section class="list" data-bucket="potholes" data-view="public" aria-labelledby="([^"]+)">'
    const rest = String.raw`<h2 id="\1">Potholes «plain»<\/h2><p class="empty">Nothing here yet.<\/p><\/section>`
    expect(doc).toMatch(new RegExp(opening + rest))
  })

  it('leaves the map out entirely when maps are off', () => {
    const doc = render({ mapsOn: false })
    expect(doc).not.toContain('<figure')
    expect(doc).not.toContain('class="map')
    expect(render({ mapsOn: true })).toContain('<figure class="map" data-points="[]" data-attribution="">')
  })

  it('disables uploads when files are off and enables them when on', () => {
    expect(byId(render(), 'f-potholes-photo')?.attributes).toHaveProperty('disabled')
    expect(byId(render({ filesEnabled: true }), 'f-potholes-photo')?.attributes).not.toHaveProperty('disabled')
  })

  it('passes the CSRF token, a refused submission and a status message through', () => {
    const doc = render({
      csrf: 'token-1',
      forms: { potholes: { values: { street: 'Main st' }, errors: { street: said('answer.too-long', { max: 3 }) } } },
      status: html`<p>Filed</p>`,
    })
    expect(doc).toContain('name="svc_csrf" value="token-1"')
    expect(byId(doc, 'f-potholes-street')?.attributes.value).toBe('Main st')
    expect(doc).toContain('Use 3 characters or fewer')
    expect(doc).toContain('<div class="status" role="status"><p>Filed</p></div>')
  })

  it('starts a record field on the record a record page shows', () => {
    const doc = render({
      page: pages.district,
      recordId: 'd7',
      forms: {
        potholes: {
          recordOptions: {
            district: [
              { id: 'd1', label: 'One' },
              { id: 'd7', label: 'Seven' },
            ],
          },
        },
      },
    })
    expect(doc).toContain('<option value="d7" selected>Seven</option>')
    expect(doc).toContain('data-where-field="district" data-record="d7"')
  })

  it('escapes hostile content texts', () => {
    const hostile = createSite({ name: ['"><script>alert(1)</script>', 'x'] })
    const page = { ...pages.home, title: ["<img src=x onerror='alert(1)'>", 'y'] }
    const doc = render({ site: { ...hostile, pages: [page] }, page })
    expect(doc).not.toContain('<script')
    expect(doc).not.toContain('<img src=x')
    expect(doc).toContain('alt="">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</a>')
    expect(doc).toContain('<h1>&lt;img src=x onerror=&#39;alert(1)&#39;&gt;</h1>')
  })

  it('renders a text block as markdown without raw HTML', () => {
    const page = {
      ...pages.home,
      blocks: [{ kind: 'text' as const, text: t('<b onclick="x()">hi</b> [go](javascript:alert(1))') }],
    }
    const doc = render({ page })
    expect(doc).toContain('&lt;b onclick=&quot;x()&quot;&gt;hi&lt;/b&gt;')
    expect(doc).not.toContain('javascript:alert(1)"')
    expect(doc).not.toMatch(/href="javascript/i)
  })
})
