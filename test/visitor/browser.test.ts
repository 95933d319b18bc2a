// The demo site on a phone: it renders, fits, and can be used by touch and keyboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext } from 'playwright-core'
import { launchChromium } from '../support/browser'
import { startServer, type RunningServer } from '../support/server'

let server: RunningServer
let browser: Browser
let phone: BrowserContext
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchChromium()])
  phone = await browser.newContext({
    viewport: { width: 320, height: 640 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    javaScriptEnabled: false,
  })
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('on a phone-sized screen (320 px, no JavaScript)', () => {
  it('renders the home page without sideways scrolling, with every form control on screen', async () => {
    const page = await phone.newPage()
    await page.goto(`${server.url}/`)
    await expect(page.locator('h1').isVisible()).resolves.toBe(true)
    const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')
    expect(overflow).toBe(0)
    const controls = await page.locator('form input:not([type=hidden]), form textarea, form select, form button').all()
    expect(controls.length).toBeGreaterThan(8)
    for (const control of controls) {
      const box = await control.boundingBox()
      expect(box).not.toBeNull()
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 320).toBe(true)
    }
    const street = page.getByLabel('Street', { exact: false }).first()
    await street.tap()
    await street.fill('Storgata 1')
    await expect(street.inputValue()).resolves.toBe('Storgata 1')
    const fontSize = await street.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))
    expect(fontSize).toBeGreaterThanOrEqual(16)
    await page.close()
  })

  it('takes a visitor to another page by opening the menu and tapping a link in it', async () => {
    const page = await phone.newPage()
    await page.goto(`${server.url}/`)
    await page.locator('nav.site-nav summary').tap()
    await page.locator('nav.site-nav a[href="/districts"]').tap()
    await page.waitForURL(`${server.url}/districts`)
    await expect(page.locator('h1').textContent()).resolves.toMatch(/district|neighbourhood/i)
    await page.close()
  })

  it('shows a visible skip link and focus ring to a keyboard user', async () => {
    const page = await phone.newPage()
    await page.goto(`${server.url}/`)
    await page.keyboard.press('Tab')
    const focused = await page.evaluate<{ text: string; outline: string; top: number }>(
      '({ text: document.activeElement.textContent, outline: getComputedStyle(document.activeElement).outlineStyle, ' +
        'top: document.activeElement.getBoundingClientRect().top })',
    )
    expect(focused.text).toMatch(/skip/i)
    expect(focused.outline).not.toBe('none')
    expect(focused.top).toBeGreaterThanOrEqual(0)
    await page.close()
  })

  it('shows the 404 page with a way home', async () => {
    const page = await phone.newPage()
    const res = await page.goto(`${server.url}/nowhere`)
    expect(res?.status()).toBe(404)
    await page.getByRole('link', { name: /home/i }).first().tap()
    await page.waitForURL(`${server.url}/`)
    await page.close()
  })
})
