// Issue 26, journey 9: the header on a phone. Signed in or not, at 360x740 it
// is at most 120 px tall with its menu closed, the page's heading starts in
// the first third of the screen, and "Sign out" is a button styled like the
// rest; the desks, which a wide screen shows beside the name, are in the menu.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../a11y/axe'
import { launchChromium, signedInPage } from '../support/browser'
import { startDevServer, type RunningServer } from '../support/server'

// The Case desk in either storyline the visitor was given.
const DESK = /^(Case desk|Street reports desk)$/

let server: RunningServer & { readonly site: string }
let browser: Browser
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startDevServer(), launchChromium()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const PHONE = { width: 360, height: 740 }

async function phone(signedInAs?: string): Promise<Page> {
  if (signedInAs !== undefined) return signedInPage(browser, server.site, signedInAs, '/', PHONE)
  const page = await (await browser.newContext({ viewport: PHONE })).newPage()
  await page.goto(`${server.site}/`)
  return page
}

const headerHeight = (page: Page) =>
  page.locator('header.site-header').evaluate((header) => header.getBoundingClientRect().height)
const headingTop = (page: Page) => page.locator('main h1').evaluate((h1) => h1.getBoundingClientRect().top)

describe('issue 26 journey 9: the header on a phone (360x740)', () => {
  it('signed out: at most 120 px, the heading in the first third of the screen', async () => {
    const page = await phone()
    expect(await headerHeight(page)).toBeLessThanOrEqual(120)
    expect(await headingTop(page)).toBeLessThan(740 / 3)
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })

  it('signed in: at most 120 px, Sign out styled as a button, the desks in the menu', async () => {
    const page = await phone('Kari Caseworker')
    expect(await headerHeight(page)).toBeLessThanOrEqual(120)
    expect(await headingTop(page)).toBeLessThan(740 / 3)
    const signOut = page.getByRole('button', { name: 'Sign out' })
    expect(await signOut.isVisible()).toBe(true)
    const style = await signOut.evaluate((button) => {
      const css = getComputedStyle(button)
      return { border: css.borderTopWidth, height: button.getBoundingClientRect().height, font: css.fontFamily }
    })
    const body = await page.evaluate(() => getComputedStyle(document.body).fontFamily)
    expect(style).toEqual({ border: '2px', height: expect.any(Number), font: body })
    expect(style.height).toBeGreaterThanOrEqual(44)
    // The name is still said in full to a screen reader.
    expect(await page.locator('header .account-name').textContent()).toBe('Signed in as Kari Caseworker')
    await page.getByText('Menu').click()
    const menuDesk = page.locator('.site-menu').getByRole('link', { name: DESK })
    expect(await menuDesk.isVisible()).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await menuDesk.click()
    await page.waitForURL(`${server.site}/desk/caseworkers`)
    await page.context().close()
  })

  it('on a laptop the desks stay beside the name and are not repeated in the menu row', async () => {
    const page = await signedInPage(browser, server.site, 'Kari Caseworker', '/', { width: 1280, height: 800 })
    expect(await page.locator('.account-desks').getByRole('link', { name: DESK }).isVisible()).toBe(true)
    expect(await page.locator('.site-menu .nav-narrow').first().isVisible()).toBe(false)
    await page.context().close()
  })
})
