// A visitor on a phone-sized screen without JavaScript files a case from the
// home page, reads the thanks in their storyline and withdraws the case,
// answering yes when it asks again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext } from 'playwright-core'
import type { SiteModel } from '../../server/content/model'
import { launchChromium } from '../support/browser'
import { loadDemo } from '../support/demo-site'
import { startServer, type RunningServer } from '../support/server'

let server: RunningServer
let browser: Browser
let phone: BrowserContext
let site: SiteModel
beforeAll(async () => {
  ;[server, browser, site] = await Promise.all([startServer(), launchChromium(), loadDemo()])
  phone = await browser.newContext({
    viewport: { width: 320, height: 640 },
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: false,
  })
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const overflow = 'document.documentElement.scrollWidth - document.documentElement.clientWidth'

describe('filing on a phone (320 px, no JavaScript)', () => {
  it('fills in the home form, files a case, sees the thank-you text and withdraws it from "my reports"', async () => {
    const page = await phone.newPage()
    await page.goto(`${server.url}/`)
    const storyline = (await phone.cookies()).find((c) => c.name === 'svc_story')?.value
    const story = site.storylines.indexOf(storyline ?? '')
    expect(story).toBeGreaterThanOrEqual(0)
    const bucket = site.buckets.get('potholes')
    const label = (name: string) => bucket?.fields.find((f) => f.name === name)?.label[story] ?? name
    await page.getByLabel(label('street')).fill('Phone Street 3')
    await page.locator('#f-potholes-kind').check()
    await page.getByLabel(label('details')).fill('Right by the bus stop.')
    await page.getByRole('button', { name: 'Send' }).tap()
    await page.waitForURL(/\/\?filed=/)
    const status = page.getByRole('status')
    const thanks = /\*\*(.+?)\*\*/.exec(bucket?.thanks?.[story] ?? '')?.[1] ?? 'no thanks text'
    await expect(status.textContent()).resolves.toContain(thanks)
    await expect(page.evaluate(overflow)).resolves.toBe(0)

    await status.getByRole('link', { name: 'See my cases' }).tap()
    await page.waitForURL(`${server.url}/my-reports`)
    const item = page.locator('.record-item', { hasText: 'Phone Street 3' })
    await expect(item.locator('.record-state').textContent()).resolves.toBe(bucket?.states[0]?.label[story])
    await expect(page.evaluate(overflow)).resolves.toBe(0)
    const withdraw = item.getByRole('button', { name: bucket?.self[0]?.label[story] ?? 'withdraw' })
    const box = await withdraw.boundingBox()
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44)
    await withdraw.tap()
    await page.waitForURL(/\/self\//)
    // Withdrawing closes the case, so it asks again, on a page that fits the phone as well.
    const moveLabel = bucket?.self[0]?.label[story] ?? 'withdraw'
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`${moveLabel}?`)
    await expect(page.evaluate(overflow)).resolves.toBe(0)
    const yes = page.locator('form.self-move-confirm').getByRole('button', { name: moveLabel })
    expect((await yes.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44)
    await yes.tap()
    await page.waitForURL(/\/my-reports\?moved=/)
    const withdrawn = bucket?.states.find((s) => s.name === 'withdrawn')?.label[story] ?? 'withdrawn'
    await expect(page.getByRole('status').textContent()).resolves.toContain(withdrawn)
    await expect(item.getByRole('button').count()).resolves.toBe(0)
    await page.close()
  })
})
