// A responsible person in a phone browser without script, in the README's
// development mode: signs in with their address, finds "Suggest a change" on
// their page, changes a text and sends it; the page shows it was sent and the
// account page lists it. Nothing the strict CSP blocks, nothing too wide.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

describe('an edit suggestion in a phone browser', () => {
  it('Accounts the content mandates 6: sign in, Suggest a change, change a text, send, see it on the account page', async () => {
    const { site } = server
    const context = await browser.newContext({ viewport: { width: 320, height: 640 }, javaScriptEnabled: false })
    await context.addCookies([{ name: 'svc_story', value: 'plain', url: site }])
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const blocked: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text())
    })

    await page.goto(`${site}/auth/sign-in?return=%2Fpotholes`)
    await page.getByLabel('E-mail address').fill('kari.nordmann@example.org')
    await page.getByRole('button', { name: 'Sign in with this address' }).click()
    await page.waitForURL(`${site}/potholes`)
    await page.getByRole('link', { name: 'Suggest a change' }).click()
    await page.waitForURL(/\/suggest\?page=%2Fpotholes$/)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Suggest a change to How we handle pothole reports',
    )
    const plain = page.getByLabel('Title, as told in the plain storyline')
    await expect(plain.inputValue()).resolves.toBe('How we handle pothole reports')
    await expect(page.getByLabel('Title, as told in the story storyline').inputValue()).resolves.toBe(
      'From your report to a smooth street',
    )
    await plain.fill('How we handle your pothole report')
    await page.getByRole('button', { name: 'Send the suggestion' }).click()
    await page.waitForURL(/sent=1$/)
    await expect(page.getByRole('status').textContent()).resolves.toContain('Your suggestion was sent.')
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

    await page.getByRole('link', { name: 'account page' }).click()
    await page.waitForURL(`${site}/my`)
    const card = page.locator('#suggestions')
    await expect(card.getByRole('heading').textContent()).resolves.toBe('Your edit suggestions')
    await expect(card.locator('.suggestion-state').textContent()).resolves.toBe('sent')
    expect(blocked).toEqual([])
    await context.close()
  })
})
