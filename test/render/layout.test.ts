import { describe, expect, it } from 'vitest'
import { html } from '../../server/render/html'
import { renderLayout } from '../../server/render/layout'
import { themeAsset, type ThemeAsset } from '../../server/render/theme-asset'
import { byId, elements } from './dom'
import { assets, createSite, PLAIN } from './fixture'

const themed = new Set<ThemeAsset>()
const layout = (site = createSite(), story = 0) => {
  themed.add(themeAsset(site.branding))
  return renderLayout({ site, story, title: 'Report', body: html`<p>Body</p>`, assets })
}

/** The branding stylesheet the document links to, as the service serves it (there is no inline style). */
function styleOf(doc: string): string {
  expect(doc).not.toContain('<style')
  const href = /<link rel="stylesheet" href="(\/pkg\/theme\/[^"]+)">/.exec(doc)?.[1]
  const served = [...themed].find((asset) => asset.href === href)
  if (served === undefined) throw new Error(`no theme stylesheet ${href ?? '(none)'} in the document`)
  return served.css
}

describe('renderLayout', () => {
  it('is a full document with lang, charset, viewport, title and stylesheet', () => {
    const doc = layout()
    expect(doc.startsWith('<!doctype html>')).toBe(true)
    expect(doc).toContain('<html lang="en-GB">')
    expect(doc).toContain('<meta charset="utf-8">')
    expect(doc).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
    expect(doc).toContain(`<title>Report – Fix My Street ${PLAIN}</title>`)
    expect(doc).toContain('<link rel="stylesheet" href="/pkg/site.css">')
    expect(doc).toContain('<link rel="icon" href="/site/favicon.svg">')
    expect(doc).not.toContain('<script')
  })

  it('has a skip link and the landmarks', () => {
    const doc = layout()
    const names = elements(doc).map((element) => element.name)
    expect(doc).toMatch(/<body>\s*<a class="skip-link" href="#main">/)
    expect(byId(doc, 'main')?.name).toBe('main')
    expect(elements(doc).find((e) => e.name === 'header')?.attributes.role).toBe('banner')
    expect(elements(doc).find((e) => e.name === 'nav')?.attributes['aria-label']).toBeTruthy()
    expect(names).toContain('footer')
  })

  it('shows the logo inside the home link beside the site name, read once by screen readers', () => {
    const doc = layout()
    expect(doc).toContain(
      `<a class="brand-name" href="/"><img class="brand-logo" src="/site/logo.svg" alt="">Fix My Street ${PLAIN}</a>`,
    )
  })

  it('lists the top-level public pages in the nav, not restricted or record pages', () => {
    const nav = /<nav[\s\S]*?<\/nav>/.exec(layout())?.[0] ?? ''
    expect(nav).toContain('href="/potholes"')
    expect(nav).toContain('href="/"')
    expect(nav).not.toContain('/staff')
    expect(nav).not.toContain('/districts')
    expect(nav).not.toContain('/about/team')
  })

  it('renders the footer markdown and tagline', () => {
    const doc = layout()
    expect(doc).toContain(`<p class="tagline">Streets for everyone ${PLAIN}</p>`)
    expect(doc).toContain('<a href="https://example.org">the city</a>')
  })

  it('puts branding colours into custom properties', () => {
    const css = styleOf(layout())
    expect(css).toContain('--color-primary: #0b6e4f;')
    expect(css).toContain('--color-accent: #f2c14e;')
    expect(css).toContain('--color-text: #1b1b1b;')
    expect(css).toContain('--color-bg: #ffffff;')
  })

  it('accepts rgb() and named colours', () => {
    const site = createSite({
      colors: { primary: 'rgb(11, 110, 79)', accent: 'rgba(1 2 3 / 50%)', text: 'black', background: '#fff' },
    })
    const css = styleOf(layout(site))
    expect(css).toContain('--color-primary: rgb(11, 110, 79);')
    expect(css).toContain('--color-accent: rgba(1 2 3 / 50%);')
    expect(css).toContain('--color-text: black;')
  })

  it('keeps hostile colour values out of the CSS', () => {
    const site = createSite({
      colors: {
        primary: 'red; } body { display: none',
        accent: '</style><script>alert(1)</script>',
        text: 'url(https://evil.example/x)',
        background: 'expression(alert(1))',
      },
    })
    const doc = layout(site)
    const css = styleOf(doc)
    expect(doc).not.toContain('<script')
    for (const bad of ['display: none', 'evil.example', 'expression', '}  body']) expect(css).not.toContain(bad)
    expect(css).toMatch(/--color-primary: #[0-9a-f]+;/)
    expect(css).toMatch(/--color-accent: #[0-9a-f]+;/)
  })

  it('declares the site font when it is not system, and keeps its path inert', () => {
    const css = styleOf(layout(createSite({ font: 'fonts/My Font".woff2' })))
    expect(css).toContain('@font-face')
    expect(css).toContain('src: url("/site/fonts/My%20Font%22.woff2");')
    expect(css).toContain('--font-body: "SiteFont"')
    expect(styleOf(layout(createSite({ font: '</style><script>x</script>' })))).not.toContain('<')
    expect(styleOf(layout())).not.toContain('@font-face')
  })

  it('refuses a storyline the site does not have', () => {
    expect(() => layout(createSite(), 2)).toThrow(RangeError)
  })
})
