// Issue 26 item 6 in Chromium at phone size: a form refused for its depth
// keeps the photo, says so beside the field and opens on the error summary;
// with the depth fixed and no file chosen again, the case is filed with it.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../a11y/axe'
import { jpeg } from '../files/upload-client'
import { launchChromium } from '../support/browser'
import { startS3Server, type TestS3 } from '../support/s3-server'
import { startDevServer, type RunningServer } from '../support/server'

let s3: TestS3
let server: RunningServer & { readonly site: string }
let browser: Browser
beforeAll(async () => {
  s3 = await startS3Server()
  ;[server, browser] = await Promise.all([startDevServer(s3.env), launchChromium()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await s3?.stop()
})

async function phone(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
  await context.addCookies([{ name: 'svc_story', value: 'plain', url: server.site }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return page
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.className ?? '')

describe('Issue 26 item 6: a refused form keeps the photo, on a phone', () => {
  it('files with a photo and a bad depth, fixes the depth, sends without choosing again, sees the photo', async () => {
    const visitor = await phone()
    await visitor.goto(server.site)
    await visitor.getByLabel('Street and nearest house number').fill('Kept Photo Lane 4')
    const kind = visitor.locator('[name="kind"]').first()
    if ((await kind.evaluate((element) => element.tagName)) === 'SELECT') await kind.selectOption('pothole')
    else await visitor.locator('[name="kind"][value="pothole"]').check()
    await visitor.getByLabel('Approximate depth in centimetres').fill('quite deep')
    const photo = { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await jpeg(640, 480) }
    await visitor.locator('#f-potholes-photo').setInputFiles(photo)
    await visitor.locator('form[action="/file/potholes"] button[type="submit"]').click()

    await visitor.locator('.error-summary').waitFor()
    expect(await visitor.locator('.error-summary').innerText()).toContain('Enter a number')
    await expect.poll(() => focused(visitor)).toBe('error-summary')
    expect(await visitor.locator('#f-potholes-photo-kept').innerText()).toBe(
      'photo.jpg is kept; choose another to replace it.',
    )
    expect(await visitor.getByLabel('Street and nearest house number').inputValue()).toBe('Kept Photo Lane 4')
    expect(await axeViolations(visitor)).toEqual([])

    await visitor.getByLabel('Approximate depth in centimetres').fill('12')
    await visitor.locator('form[action="/file/potholes"] button[type="submit"]').click()
    const reference = (await visitor.locator('.thanks-reference strong').innerText()).trim()
    expect(reference).toMatch(/^[2-9A-HJKMNP-TV-Z]{3}-[2-9A-HJKMNP-TV-Z]{3}$/)

    await visitor.goto(`${server.site}/my-reports`)
    await visitor.locator('li.record-item', { hasText: 'Kept Photo Lane 4' }).getByRole('link').first().click()
    await visitor.waitForURL(/\/my\/potholes\//)
    const preview = visitor.locator('img[src$="/photo?preview=1"]')
    await preview.waitFor()
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    expect(await visitor.locator('main').innerText()).toContain('photo.jpg')
    // The preview is a link named for what it opens (axe link-name), read out as the catalogue says.
    const full = visitor.getByRole('link', { name: /^Photo: photo\.jpg, \d+ KB, full size$/ })
    expect(await full.getAttribute('href')).toMatch(/\/attachment\/potholes\/[^/]+\/photo($|\?)/)
    expect(await full.locator('img').count()).toBe(1)
    expect(await axeViolations(visitor)).toEqual([])
  })
})
