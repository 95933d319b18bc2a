// Issue 26, smaller things: with maps off, a phone offers "Use my position"
// (the browser's geolocation, no tiles) and files the place it gives; the
// typed coordinates wait behind "Type coordinates instead". Without script
// the disclosure alone gives the place.
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../a11y/axe'
import { launchChromium } from '../support/browser'
import { startDevServer, type RunningServer } from '../support/server'

let server: RunningServer & { readonly site: string }
let browser: Browser
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startDevServer(), launchChromium()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function phone(options: { script: boolean }): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: options.script,
    ...(options.script ? { permissions: ['geolocation'], geolocation: { latitude: 59.9127, longitude: 10.7461 } } : {}),
  })
  await context.addCookies([{ name: 'svc_story', value: 'plain', url: server.site }])
  return context
}

describe('Issue 26: the location field with maps off', () => {
  it('"Use my position" fills in the place, said aloud, and the case is filed with it', async () => {
    const page = await (await phone({ script: true })).newPage()
    await page.goto(server.site)
    const typed = page.locator('.location-typed')
    expect(await typed.evaluate((details: HTMLDetailsElement) => details.open)).toBe(false)
    expect((await page.locator('.field-location').innerText()).match(/for example/g)).toBeNull()
    await page.getByRole('button', { name: 'Use my position' }).tap()
    await expect
      .poll(() => page.locator('.location-said').innerText())
      .toBe('Your position is filled in: 59.912700, 10.746100.')
    expect(await axeViolations(page)).toEqual([])
    await page.getByLabel('Street and nearest house number').fill('Located Lane 1')
    await page.locator('[name="kind"][value="pothole"]').check()
    await page.locator('form[action="/file/potholes"] button[type="submit"]').click()
    await page.locator('.thanks-reference').waitFor()
    await page.goto(`${server.site}/my-reports`)
    await page.locator('li.record-item', { hasText: 'Located Lane 1' }).getByRole('link').first().click()
    expect(await page.locator('main').innerText()).toMatch(/59\.9127/)
  })

  it('without script there is no button, and "Type coordinates instead" opens the two boxes', async () => {
    const page = await (await phone({ script: false })).newPage()
    await page.goto(server.site)
    expect(await page.getByRole('button', { name: 'Use my position' }).count()).toBe(0)
    expect(await page.locator('script[src*="map"]').count()).toBe(1)
    await page.getByText('Type coordinates instead').tap()
    await expect.poll(() => page.getByLabel('Latitude').isVisible()).toBe(true)
    expect(await page.locator('.field-location').innerText()).toContain('for example 59.91 and 10.75')
  })
})
