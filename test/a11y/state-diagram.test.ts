// Issue 31 item 4 in Chromium: a desk's state diagram, closed under the queue
// until opened, then drawn with the moves as a list beside it; a case's page
// marks the state the case is in, in the drawing (a thicker border and words)
// and in the list. axe at WCAG 2.2 AA at 360 and 1280 px, and no sideways
// scroll on a phone, where the list shows without being opened.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, signedInPage } from '../support/browser'
import { startDevServer, type RunningServer } from '../support/server'
import { axeViolations } from './axe'

const WIDTHS = [1280, 360] as const
const DIAGRAM = 'How cases move: Pothole reports'

let server: RunningServer & { readonly site: string }
let browser: Browser
let filed: string

const sideways = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startDevServer(), launchChromium()])
  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto(`${server.site}/`)
  await visitor.locator('#f-potholes-street').fill('Diagram Drive 5')
  await visitor.locator('[name="kind"][value="pothole"]').check()
  await visitor.getByRole('button', { name: 'Send' }).click()
  await visitor.waitForURL(/\/\?filed=/)
  filed = new URL(visitor.url()).searchParams.get('filed') ?? ''
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe.each(WIDTHS)('State diagrams on the desks at %i px', (width) => {
  const phone = width < 600

  it("a desk shows each bucket's diagram closed under its queue, and open it is drawn with the moves as a list", async () => {
    const page = await signedInPage(browser, server.site, 'Kari Caseworker', '/desk/caseworkers', {
      width,
      height: 900,
    })
    const section = page.locator('section[data-bucket="potholes"]')
    const summary = section.locator('summary', { hasText: DIAGRAM })
    const image = section.getByRole('img', { name: /^How cases move in Pothole reports, drawn/ })
    await expect.poll(() => image.isVisible()).toBe(false)
    // The queue comes first: the diagram is the section's last part.
    const order = await page.evaluate<string[]>(
      `[...document.querySelector('section[data-bucket="potholes"]').children].map((c) => c.tagName)`,
    )
    expect(order.at(-1)).toBe('DETAILS')
    expect(order.indexOf('TABLE')).toBeGreaterThanOrEqual(0)

    await summary.click()
    await expect.poll(() => image.isVisible()).toBe(true)
    expect((await image.boundingBox())?.width ?? Infinity).toBeLessThanOrEqual(width)
    expect(await image.locator('[data-state]').count()).toBe(7)
    const list = section.locator('.sd-list')
    // On a phone the list is shown as it is; on a wide screen it is one click away.
    if (!phone) await list.locator('summary', { hasText: 'The moves as a list' }).click()
    await expect
      .poll(() => list.getByText('From Received: Accept → Accepted (desk)', { exact: true }).isVisible())
      .toBe(true)
    await expect.poll(() => list.getByText('From Repaired: after 14 days → Closed (on its own)').isVisible()).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    expect(await sideways(page)).toBe(0)
    await page.context().close()
  }, 60_000)

  it("a case's page marks the state it is in, in the drawing and in the list", async () => {
    const path = `/desk/caseworkers/potholes/${filed}`
    const page = await signedInPage(browser, server.site, 'Kari Caseworker', path, { width, height: 900 })
    const diagram = page.getByRole('region', { name: 'How cases move' })
    const image = diagram.getByRole('img', { name: /this case now in Received/ })
    await expect.poll(() => image.isVisible()).toBe(true)
    const now = image.locator('.sd-now')
    expect(await now.count()).toBe(1)
    expect(await now.getAttribute('data-state')).toBe('new')
    expect(await now.textContent()).toContain('▶ this case is here')
    // Not colour alone: the box's border is thicker than the others'.
    const stroke = (box: string) =>
      page.evaluate<number>(`parseFloat(getComputedStyle(document.querySelector('${box} rect')).strokeWidth)`)
    expect(await stroke('.sd-now')).toBeGreaterThan((await stroke('.sd-state:not(.sd-now)')) * 2)
    if (!phone) await diagram.locator('summary', { hasText: 'The moves as a list' }).click()
    await expect.poll(() => diagram.getByText('This case is now in Received.').isVisible()).toBe(true)
    const fromNow = diagram.locator('li.sd-from-now')
    expect(await fromNow.count()).toBe(3)
    expect(await fromNow.first().textContent()).toContain('(from where this case is now)')
    expect(await axeViolations(page)).toEqual([])
    expect(await sideways(page)).toBe(0)
    await page.context().close()
  }, 60_000)
})
