// A caseworker at a phone-sized screen, in the README's development mode:
// signs in through the development provider, opens the desk from the header,
// opens a record and moves it, without any JavaScript of the site's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from '../support/browser'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { DEMO, startDevServer, type RunningServer } from '../support/server'
import { openSeeder, type Seeder } from './seed'

let nats: NatsServer
let server: RunningServer
let browser: Browser
let seeder: Seeder
let site: string

beforeAll(async () => {
  nats = await startNatsServer()
  const [dev, chromium, seeding] = await Promise.all([
    startDevServer({ BUS_URL: nats.url }),
    launchChromium(),
    openSeeder(nats.url, DEMO),
  ])
  ;({ site } = dev)
  server = dev
  browser = chromium
  seeder = seeding
})
afterAll(async () => {
  await browser?.close()
  await seeder?.close()
  await server?.stop()
  await nats?.stop()
})

/** Nothing sticks out sideways: the page works at 320 px without scrolling the whole page. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('the desk in a phone browser', () => {
  it('lets a caseworker sign in, open the desk from the header, open a record and move it', async () => {
    const view = await seeder.file('potholes', {
      street: 'Chromium Street 1',
      kind: 'pothole',
      details: 'By the bus stop',
    })
    const context = await browser.newContext({ viewport: { width: 320, height: 640 }, javaScriptEnabled: false })
    // The plain storyline, so the labels are known.
    await context.addCookies([{ name: 'svc_story', value: 'plain', url: site }])
    const page = await context.newPage()

    await page.goto(`${site}/auth/sign-in?return=%2F`)
    await page.getByRole('button', { name: 'Sign in as Kari Caseworker' }).click()
    await page.waitForURL(`${site}/`)

    // On a phone the desks are in the menu (issue 26, journey 9), a disclosure that needs no script.
    await page.locator('header .site-menu summary').click()
    await page.locator('header .site-menu').getByRole('link', { name: 'Case desk' }).click()
    await page.waitForURL(`${site}/desk/caseworkers`)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Case desk')
    expect(await fitsWidth(page)).toBe(true)

    // The service's index follows the bus; a reload shows a record filed just now.
    const link = page.getByRole('link', { name: 'Chromium Street 1' })
    for (let tries = 0; tries < 50 && (await link.count()) === 0; tries++) await page.reload()
    await link.click()
    await page.waitForURL(`${site}/desk/caseworkers/potholes/${view.id}`)
    await expect(page.locator('.desk-state').textContent()).resolves.toBe('Pothole reports: Received')
    expect(await fitsWidth(page)).toBe(true)

    await page.getByRole('button', { name: 'Accept' }).click()
    await page.waitForURL(`${site}/desk/caseworkers/potholes/${view.id}?moved=accept`)
    await expect(page.getByRole('status').textContent()).resolves.toBe('Moved to Accepted')
    await expect(page.locator('.desk-state').textContent()).resolves.toBe('Pothole reports: Accepted')
    await expect(page.locator('.desk-history-entry .desk-history-what').last().textContent()).resolves.toBe(
      'Moved from Received to Accepted (Accept, on a desk)',
    )
    await expect(page.getByRole('button', { name: 'Schedule repair' }).count()).resolves.toBe(1)
    expect(await fitsWidth(page)).toBe(true)
    await context.close()
  })
})
