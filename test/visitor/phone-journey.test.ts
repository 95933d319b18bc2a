// Issue 14, done when: a new user on a phone files a case, gets its
// reference, signs in and still sees it, and follows it on its case page
// through two moves; a caseworker works the desk in staff words with local
// times, a confirmation and a note. Chromium on the demo site in
// development, the visitor at 360 px, the caseworker at 1280 px.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../a11y/axe'
import { launchChromium, signedInPage } from '../support/browser'
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

const STREET = 'Phone Lane 7'

async function phone(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
  await context.addCookies([{ name: 'svc_story', value: 'plain', url: server.site }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return page
}

const timeline = (page: Page) => page.locator('.timeline-entry p').allInnerTexts()

describe('Issue 14, done when, on the demo site', () => {
  it(
    'What the service does 3: filed on a phone, signed in, followed on the case page through the desk moves',
    { timeout: 90_000 },
    async () => {
      const visitor = await phone()
      await visitor.goto(server.site)
      await visitor.getByLabel('Street and nearest house number').fill(STREET)
      const kind = visitor.locator('[name="kind"]').first()
      if ((await kind.evaluate((element) => element.tagName)) === 'SELECT') await kind.selectOption('pothole')
      else await visitor.locator('[name="kind"][value="pothole"]').check()
      await visitor.locator('form[action="/file/potholes"] button[type="submit"]').click()
      const reference = (await visitor.locator('.thanks-reference strong').innerText()).trim()
      expect(reference).toMatch(/^[2-9A-HJKMNP-TV-Z]{3}-[2-9A-HJKMNP-TV-Z]{3}$/)

      // Signs in with an address of her own: the case filed before is hers now.
      await visitor.goto(`${server.site}/auth/sign-in?return=%2Fmy-reports`)
      await visitor.getByLabel('E-mail address').fill('nina.neighbour@example.org')
      await visitor.getByRole('button', { name: 'Sign in with this address' }).click()
      await visitor.waitForURL(`${server.site}/my-reports`)
      const mine = visitor.locator('li.record-item', { hasText: STREET })
      await expect.poll(() => mine.innerText()).toContain(reference)
      await mine.getByRole('link').first().click()
      await visitor.waitForURL(/\/my\/potholes\//)
      expect(await visitor.locator('.case-reference').innerText()).toBe(reference)
      expect(await axeViolations(visitor)).toEqual([])

      // The caseworker, at a desk in staff words and local times.
      const kari = await signedInPage(browser, server.site, 'Kari Caseworker', '/desk/caseworkers')
      await kari.setViewportSize({ width: 1280, height: 900 })
      const row = kari.locator('tr', { hasText: STREET })
      const filedAt = await row.locator('time').first().getAttribute('datetime')
      const local = new Intl.DateTimeFormat('en', {
        timeZone: 'Europe/Oslo',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(filedAt ?? ''))
      expect(await row.locator('time').first().innerText()).toBe(local)
      expect(await row.innerText()).toContain(reference)
      await row.getByRole('link', { name: STREET }).click()
      await kari.getByRole('button', { name: 'Accept', exact: true }).click()
      await kari.getByRole('button', { name: 'Mark repaired' }).click()
      await expect
        .poll(() => kari.locator('.desk-record-state, .record-state, main').first().innerText())
        .toContain('Repaired')

      await visitor.reload()
      expect(await timeline(visitor)).toEqual([
        'Now: Repaired',
        'Now: Accepted',
        'Linked to your account when you signed in',
        'Filed: Received',
      ])

      // Closing asks to be confirmed, on a page of its own.
      await kari.getByRole('button', { name: 'Close', exact: true }).click()
      await kari.waitForURL(/\/move\?/)
      expect(await kari.locator('main').innerText()).toContain('This moves the case from Repaired to Closed.')
      expect(await axeViolations(kari)).toEqual([])
      await kari.locator('.desk-move-confirm').getByRole('button', { name: 'Close', exact: true }).click()
      await kari.waitForURL(/\/desk\/caseworkers\/potholes\/[^/?]+(\?.*)?$/)

      // Reopening needs a note: refused without one, kept in the history with it.
      await kari.getByRole('button', { name: 'Reopen' }).click()
      expect(await kari.locator('.field-error-message').innerText()).toBe('Write a note: this move needs one.')
      expect(await axeViolations(kari)).toEqual([])
      await kari.getByLabel('Note for Reopen', { exact: true }).fill('Crew found a second hole next to it.')
      await kari.getByRole('button', { name: 'Reopen' }).click()
      await expect
        .poll(() => kari.locator('.desk-history-note').allInnerTexts())
        .toContain('Note: Crew found a second hole next to it.')

      await visitor.reload()
      expect((await timeline(visitor)).slice(0, 2)).toEqual(['Now: Accepted', 'Now: Closed'])
    },
  )
})
