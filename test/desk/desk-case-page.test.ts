// Issue 26, journey 5: the desk's case page shows the case before what can be
// done with it. A visitor files a pothole with a photo and a place; the
// caseworker opens it at 1280x800 and at 360 px: details, photo and map come
// before the first move button, each move is a form of its own with its own
// note, the closing moves sit under their own heading, and a refused note
// comes back in its own move's box. Chromium on the demo site in development
// (uploads on local disk, tiles from a local tile server).
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../a11y/axe'
import { jpeg } from '../files/upload-client'
import { launchChromium, signedInPage } from '../support/browser'
import { startDevServer, type RunningServer } from '../support/server'
import { startTileServer, type TestTiles } from '../support/tile-server'

let tiles: TestTiles
let service: RunningServer & { readonly site: string }
let browser: Browser
let photo: Buffer
beforeAll(async () => {
  tiles = await startTileServer()
  ;[service, browser, photo] = await Promise.all([
    startDevServer({ MAP_TOKEN: 'case-page-token', MAP_TILE_URL: tiles.template }),
    launchChromium(),
    jpeg(1600, 1200),
  ])
})
afterAll(async () => {
  await browser?.close()
  await service?.stop()
  await tiles?.stop()
})

const box = async (locator: Locator) => {
  const found = await locator.boundingBox()
  if (found === null) throw new Error(`not on the page: ${String(locator)}`)
  return { top: found.y, bottom: found.y + found.height }
}

/** Nothing sticks out sideways. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/** Each move form as [its button, the labels of the note fields inside it]. */
const moveForms = (page: Page) =>
  page.locator('section[aria-labelledby="record-moves"] form').evaluateAll((forms) =>
    forms.map((form) => [
      Array.from(form.querySelectorAll('button'))
        .map((button) => button.textContent?.trim())
        .join(' | '),
      Array.from(form.querySelectorAll('textarea')).map((area) => area.labels?.[0]?.textContent),
    ]),
  )

/** The caseworker on the case's page, in the plain storyline so the labels are known. */
async function caseworkerOn(path: string): Promise<Page> {
  const page = await signedInPage(browser, service.site, 'Kari Caseworker', path, { width: 1280, height: 800 })
  await page.context().addCookies([{ name: 'svc_story', value: 'plain', url: service.site }])
  await page.reload()
  return page
}

async function fileWithPhoto(): Promise<string> {
  const visitor = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage()
  visitor.setDefaultTimeout(15_000)
  await visitor.context().addCookies([{ name: 'svc_story', value: 'plain', url: service.site }])
  await visitor.goto(`${service.site}/`)
  await visitor.locator('#f-potholes-street').fill('Case Page Lane 5')
  await visitor.locator('#f-potholes-kind').check()
  await visitor.locator('#f-potholes-details').fill('Deep enough to lose a wheel in.')
  await visitor.locator('#f-potholes-photo').setInputFiles({ name: 'hole.jpg', mimeType: 'image/jpeg', buffer: photo })
  const picker = visitor.locator('.location .map-picker')
  await picker.scrollIntoViewIfNeeded()
  await expect.poll(() => visitor.locator('.map-picker img.leaflet-tile-loaded').count()).toBeGreaterThan(0)
  await picker.click({ position: { x: 120, y: 100 } })
  await visitor.getByRole('button', { name: 'Send' }).click()
  await visitor.waitForURL(/\/\?filed=/)
  await visitor.context().close()
  return new URL(visitor.url()).searchParams.get('filed') ?? ''
}

describe('Issue 26 journey 5: the desk case page', () => {
  it(
    'the case (fields, photo, place, history) comes first; each move is its own small form with its own note ' +
      'field and button; closing moves are set apart under a heading, not by dashed borders',
    { timeout: 120_000 },
    async () => {
      const id = await fileWithPhoto()
      const here = `/desk/caseworkers/potholes/${id}`
      const kari = await caseworkerOn(here)
      const photoImage = kari.locator('.desk-preview img')
      await expect
        .poll(() => photoImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(640)
      await expect.poll(() => kari.locator('figure.map path.leaflet-interactive').count()).toBe(1)

      // The case before the buttons, its details starting on the first screen.
      const details = await box(kari.locator('section[aria-labelledby="record-details"]'))
      const firstMove = await box(kari.locator('section[aria-labelledby="record-moves"] button').first())
      expect(details.top).toBeLessThan(800)
      expect(details.bottom).toBeLessThanOrEqual(firstMove.top)
      expect((await box(photoImage)).bottom).toBeLessThanOrEqual(firstMove.top)
      expect((await box(kari.locator('figure.map'))).bottom).toBeLessThanOrEqual(firstMove.top)
      expect((await box(kari.locator('section[aria-labelledby="record-history"]'))).bottom).toBeLessThanOrEqual(
        firstMove.top,
      )

      // One link at the top leads past the case to the moves.
      await expect(kari.getByRole('link', { name: 'Go to the moves' }).getAttribute('href')).resolves.toBe(
        '#record-moves',
      )

      // One form a move: its button and only its own note, labelled with the move's name.
      expect(await moveForms(kari)).toEqual([
        ['Accept', []],
        ['Reject: not municipal', ['Note for Reject: not municipal (optional)']],
      ])
      // The closing move under its own heading, outlined with a solid border.
      const closing = kari.locator('.desk-moves-closing')
      await expect(closing.getByRole('heading', { level: 3 }).innerText()).resolves.toBe('Close the case')
      await expect(closing.getByRole('button').allInnerTexts()).resolves.toEqual(['Reject: not municipal'])
      const rejectButton = closing.getByRole('button', { name: 'Reject: not municipal' })
      await expect(rejectButton.evaluate((button) => getComputedStyle(button).borderStyle)).resolves.toBe('solid')
      expect(await axeViolations(kari)).toEqual([])

      // At 360 px the same order, nothing sideways, and axe is content.
      await kari.setViewportSize({ width: 360, height: 740 })
      expect(await fitsWidth(kari)).toBe(true)
      const narrowDetails = await box(kari.locator('section[aria-labelledby="record-details"]'))
      const narrowMove = await box(kari.locator('section[aria-labelledby="record-moves"] button').first())
      expect(narrowDetails.bottom).toBeLessThanOrEqual(narrowMove.top)
      expect(await axeViolations(kari)).toEqual([])
      await kari.setViewportSize({ width: 1280, height: 800 })

      // A move with a note keeps it in the history.
      await kari.getByLabel('Note for Reject: not municipal (optional)').fill('The county owns this road.')
      await rejectButton.click()
      await kari.waitForURL(`${service.site}${here}?moved=reject`)
      await expect(kari.locator('.desk-history-entry:last-child .desk-history-note').innerText()).resolves.toBe(
        'Note: The county owns this road.',
      )
    },
  )

  it(
    'a required note refused comes back in its own move’s box, the words kept, the error beside the field',
    { timeout: 90_000 },
    async () => {
      const id = await fileWithPhoto()
      const here = `/desk/caseworkers/potholes/${id}`
      const kari = await caseworkerOn(here)
      await kari.getByRole('button', { name: 'Reject: not municipal' }).click()
      await kari.waitForURL(`${service.site}${here}?moved=reject`)

      const reopen = kari.locator('form', { has: kari.getByRole('button', { name: 'Reopen' }) })
      await reopen.getByLabel('Note for Reopen').fill('   ')
      await reopen.getByRole('button', { name: 'Reopen' }).click()
      const refused = kari.locator('form', { has: kari.getByRole('button', { name: 'Reopen' }) })
      await expect(refused.locator('.field-error-message').innerText()).resolves.toBe(
        'Write a note: this move needs one.',
      )
      await expect(refused.getByLabel('Note for Reopen').inputValue()).resolves.toBe('   ')
      await expect(refused.getByLabel('Note for Reopen').getAttribute('aria-invalid')).resolves.toBe('true')
      // The page opens on the problem, which leads to the field.
      await expect(kari.evaluate(() => document.activeElement?.className)).resolves.toBe('error-summary')
      await expect(kari.locator('.error-summary a').getAttribute('href')).resolves.toBe('#note-reopen')
      expect(await axeViolations(kari)).toEqual([])

      await refused.getByLabel('Note for Reopen').fill('The county says it is ours after all.')
      await refused.getByRole('button', { name: 'Reopen' }).click()
      await kari.waitForURL(`${service.site}${here}?moved=reopen`)
      await expect(kari.locator('.desk-history-entry:last-child .desk-history-note').innerText()).resolves.toBe(
        'Note: The county says it is ours after all.',
      )
    },
  )
})
