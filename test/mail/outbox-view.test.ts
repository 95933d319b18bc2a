// Issue 26, smaller things: /dev/outbox shows each mail rendered, its HTML
// part in a sandboxed frame whose links open the case around it, with times
// in the site's zone and language. In Chromium: a visitor files on the demo
// with an address; the receipt shows in the outbox, its button lands on the
// case page; a mail holding script shows but runs nothing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../a11y/axe'
import { launchChromium } from '../support/browser'
import { startDevServer, type RunningServer } from '../support/server'

const STREET = 'Outbox View Lane 5'
const dataDir = mkdtempSync(join(tmpdir(), 'svc-outbox-view-'))
let server: RunningServer & { readonly site: string }
let browser: Browser
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startDevServer({}, { dataDir }), launchChromium()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

// A mail as a hostile sender would make its HTML, dropped into the outbox as the outbox transport writes one.
const HOSTILE = [
  'From: someone@example.org',
  'To: eve@example.org',
  'Subject: Hostile markup',
  `Date: ${new Date().toUTCString()}`,
  'MIME-Version: 1.0',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<html><head><title>untouched</title></head><body><p>Hostile words</p>',
  "<script>document.body.append('SCRIPT RAN'); fetch('/ran-by-mail-script')</script>",
  '<img src="/nothing.png" onerror="document.body.append(\'HANDLER RAN\'); fetch(\'/ran-by-mail-handler\')">',
  '</body></html>',
  '',
].join('\r\n')

async function fileOnPhone(): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
  await context.addCookies([{ name: 'svc_story', value: 'plain', url: server.site }])
  const phone = await context.newPage()
  phone.setDefaultTimeout(15_000)
  await phone.goto(server.site)
  await phone.getByLabel('Street and nearest house number').fill(STREET)
  const kind = phone.locator('[name="kind"]').first()
  if ((await kind.evaluate((element) => element.tagName)) === 'SELECT') await kind.selectOption('pothole')
  else await phone.locator('[name="kind"][value="pothole"]').check()
  await phone.locator('[name="email"]').fill('ann@example.org')
  await phone.locator('form[action="/file/potholes"] button[type="submit"]').click()
  const reference = (await phone.locator('.thanks-reference strong').innerText()).trim()
  await context.close()
  return reference
}

describe('/dev/outbox shows each mail rendered (issue 26, smaller things)', () => {
  it(
    'the receipt rendered in a sandboxed frame, its case link opening the case, times in the site zone, script inert',
    { timeout: 120_000 },
    async () => {
      const reference = await fileOnPhone()
      mkdirSync(join(dataDir, 'outbox'), { recursive: true })
      writeFileSync(join(dataDir, 'outbox', '0000-hostile.eml'), HOSTILE)

      const page: Page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
      page.setDefaultTimeout(15_000)
      const requested: string[] = []
      page.on('request', (request) => requested.push(request.url()))
      const receipt = page.locator('article', { hasText: `We got your report on ${STREET}` })
      await expect
        .poll(
          async () => {
            await page.goto(`${server.site}/dev/outbox`)
            return receipt.count()
          },
          { timeout: 15_000 },
        )
        .toBe(1)

      // The HTML part, rendered, in a frame that may not run script.
      const frame = receipt.locator('iframe')
      const sandbox = (await frame.getAttribute('sandbox')) ?? ''
      expect(sandbox).not.toContain('allow-scripts')
      expect(sandbox).not.toContain('allow-same-origin')
      const mail = page.frameLocator(`article:has-text("We got your report on ${STREET}") iframe`)
      await expect(mail.getByText(`Its reference is ${reference}.`).isVisible()).resolves.toBe(true)
      expect((await frame.boundingBox())?.height).toBeGreaterThan(300)

      // Sent "now", read in the demo's zone and language as the desk reads times.
      const time = receipt.locator('time')
      const instant = (await time.getAttribute('datetime')) ?? ''
      expect(Math.abs(Date.parse(instant) - Date.now())).toBeLessThan(5 * 60_000)
      const oslo = new Intl.DateTimeFormat('en', {
        timeZone: 'Europe/Oslo',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
      expect(await time.innerText()).toBe(oslo.format(new Date(instant)))
      expect(await receipt.locator('p').first().innerText()).toContain('To ann@example.org,')

      // The hostile mail shows its words; its script and handler never ran.
      const hostile = page.frameLocator('article:has-text("Hostile markup") iframe')
      await hostile.getByText('Hostile words').waitFor()
      await page.waitForTimeout(500)
      expect(requested.filter((url) => url.includes('/ran-by-mail'))).toEqual([])
      expect(await hostile.getByText(/SCRIPT RAN|HANDLER RAN/).count()).toBe(0)

      expect(await axeViolations(page)).toEqual([])
      await page.setViewportSize({ width: 360, height: 740 })
      expect(await axeViolations(page)).toEqual([])
      await page.setViewportSize({ width: 1280, height: 800 })

      // The receipt's button opens the case page in the window, not inside the frame.
      await mail.getByRole('link', { name: 'Open the case' }).click()
      await page.waitForURL(/\/my\/potholes\/[^/?]+\?k=/)
      expect(await page.locator('h1').innerText()).toContain(STREET)
      expect(await page.locator('.case-reference').innerText()).toBe(reference)
      await page.context().close()
    },
  )
})
