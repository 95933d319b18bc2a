import { describe, expect, it } from 'vitest'
import { themeAsset } from '../../server/render/theme-asset'
import { renderErrorPage } from '../../server/render/error-page'
import { renderNotFound } from '../../server/render/not-found'
import { assets, createSite, PLAIN, STORY } from './fixture'

describe('renderNotFound', () => {
  const doc = renderNotFound({ site: createSite(), story: 1, assets, path: '/nope"<x>' })
  const list = /<ul class="page-list">[^]*?<\/ul>/.exec(doc)?.[0] ?? ''

  it('says the page was not found and escapes the path', () => {
    expect(doc).toContain('<h1>Page not found</h1>')
    expect(doc).toContain('<code>/nope&quot;&lt;x&gt;</code>')
    expect(doc).toContain(`<title>Page not found – Fix My Street ${STORY}</title>`)
  })

  it('links home and lists the top-level public pages in the storyline', () => {
    expect(doc).toContain('<a href="/">Go to the home page</a>')
    expect(list).toContain(`<a href="/">Home ${STORY}</a>`)
    expect(list).toContain(`<a href="/potholes">Report a pothole ${STORY}</a>`)
    expect(list).not.toContain('/staff')
    expect(list).not.toContain('/districts')
    expect(doc).not.toContain(PLAIN)
  })
})

describe('renderErrorPage', () => {
  it('works without a site, in a plain shell', () => {
    const doc = renderErrorPage({ status: 503, title: 'Not ready', message: 'Try <again>', assets })
    expect(doc).toContain('<html lang="en">')
    expect(doc).toContain('<title>Not ready</title>')
    expect(doc).toContain('<p>Try &lt;again&gt;</p>')
    expect(doc).toContain('Error 503')
    expect(doc).toContain('<main id="main"')
    // The plain branding, through its stylesheet.
    expect(doc).toContain(`<link rel="stylesheet" href="${themeAsset().href}">`)
    expect(themeAsset().css).toContain('--color-primary: #')
  })

  it('wears the site branding in the visitor storyline when there is a site', () => {
    const doc = renderErrorPage({ site: createSite(), story: 1, status: 500, title: 'Oops', message: 'Sorry', assets })
    expect(doc).toContain('<html lang="en-GB">')
    expect(doc).toContain(`<title>Oops – Fix My Street ${STORY}</title>`)
    expect(doc).not.toContain(PLAIN)
  })
})
