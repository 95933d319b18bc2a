// The menu the content orders: `nav:` labels in the visitor's storyline, Home
// first, one row on a wide screen, folded into a disclosure on a phone, and
// group-only pages only for the people who may open them, cached or not.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, signedInPage } from '../support/browser'
import { ROOT, startDevServer, type RunningServer } from '../support/server'

// Screenshots for review, written where the other browser tests write theirs.
const SHOTS = join(ROOT, 'test-results', 'screenshots')

let server: RunningServer & { readonly site: string }
let browser: Browser
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[server, browser] = await Promise.all([startDevServer(), launchChromium()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function visitor(width: number, storyline: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 740 }, javaScriptEnabled: false })
  await context.addCookies([{ name: 'svc_story', value: storyline, url: server.site }])
  return context.newPage()
}

const menuLabels = (page: Page) => page.locator('nav.site-nav a').allTextContents()

describe('the menu from content (nav:)', () => {
  it('lists the pages with nav: in their order and storyline, Home first, without group-only pages', async () => {
    for (const [storyline, labels] of [
      ['plain', ['Home', 'How it works', 'Districts', 'My reports', 'About']],
      ['story', ['Home', 'How we fix it', 'Neighbourhoods', 'Your reports', 'Who we are']],
    ] as const) {
      const page = await visitor(1280, storyline)
      await page.goto(`${server.site}/about`)
      expect(await menuLabels(page)).toEqual(labels)
      await expect(page.locator('nav.site-nav a[aria-current="page"]').getAttribute('href')).resolves.toBe('/about')
      await page.context().close()
    }
  })

  it('at 1280 px the menu is one open row with no disclosure button', async () => {
    const page = await visitor(1280, 'story')
    await page.goto(`${server.site}/`)
    await expect(page.locator('nav.site-nav summary').isVisible()).resolves.toBe(false)
    const tops = await page
      .locator('nav.site-nav a')
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)))
    expect(tops.length).toBe(5)
    expect(new Set(tops).size).toBe(1)
    await page.screenshot({ path: `${SHOTS}/menu-wide.png` })
    await page.context().close()
  })

  it('on a phone (360 px, no JavaScript) the header with the menu closed fits in 120 px; the menu opens by tap', async () => {
    for (const storyline of ['plain', 'story']) {
      const page = await visitor(360, storyline)
      await page.goto(`${server.site}/`)
      const header = await page.locator('header.site-header').boundingBox()
      expect(header?.height ?? Infinity).toBeLessThanOrEqual(120)
      const overflow = await page.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      )
      expect(overflow).toBe(0)
      const districts = page
        .locator('nav.site-nav')
        .getByRole('link', { name: storyline === 'plain' ? 'Districts' : 'Neighbourhoods' })
      await expect(districts.isVisible()).resolves.toBe(false)
      await page.screenshot({ path: `${SHOTS}/menu-phone-${storyline}-closed.png` })
      await page.getByText('Menu', { exact: true }).click()
      await expect(districts.isVisible()).resolves.toBe(true)
      await page.screenshot({ path: `${SHOTS}/menu-phone-${storyline}-open.png` })
      await districts.click()
      await page.waitForURL(`${server.site}/districts`)
      await page.context().close()
    }
  })

  it('group-only pages show for their members only, and never leak into the cached page of a visitor', async () => {
    const kari = await signedInPage(browser, server.site, 'Kari Caseworker', '/about')
    const kariLabels = await menuLabels(kari)
    expect(kariLabels).toContain('Street Watch')
    expect(kariLabels).toContain('Staff')
    expect(kariLabels.indexOf('Street Watch')).toBeLessThan(kariLabels.indexOf('Staff'))
    const vera = await signedInPage(browser, server.site, 'Vera Volunteer', '/about')
    expect(await menuLabels(vera)).toContain('Street Watch')
    expect(await menuLabels(vera)).not.toContain('Staff')
    const nora = await signedInPage(browser, server.site, 'Nora Nobody', '/about')
    expect(await menuLabels(nora)).not.toContain('Street Watch')
    // The same page twice for a visitor: rendered for the cache, then served from it.
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${server.site}/about`, { headers: { cookie: 'svc_story=plain' } })
      const body = await page.text()
      expect(body).not.toContain('href="/staff"')
      expect(body).not.toContain('href="/street-watch"')
      expect(body).toContain('href="/districts"')
    }
    // And a member who comes back still has them.
    await kari.reload()
    expect(await menuLabels(kari)).toContain('Staff')
    for (const page of [kari, vera, nora]) await page.context().close()
  })
})
