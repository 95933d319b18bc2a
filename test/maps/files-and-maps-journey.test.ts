// Issue 11, done when: on the demo site in Chromium a visitor files a case
// with a photo and a place picked on the map; the caseworker sees the preview
// and the marker on the desk and opens the full photo; a stranger and another
// visitor asking for the attachment URL get nothing. Development mode: the
// uploads go to the local-disk store, tiles come from a local tile server.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, signedInPage } from '../support/browser'
import { startDevServer, type RunningServer } from '../support/server'
import { startTileServer, type TestTiles } from '../support/tile-server'
import { jpeg } from '../files/upload-client'

let tiles: TestTiles
let service: RunningServer & { readonly site: string }
let browser: Browser
let photo: Buffer
beforeAll(async () => {
  tiles = await startTileServer()
  ;[service, browser, photo] = await Promise.all([
    startDevServer({ MAP_TOKEN: 'journey-map-token', MAP_TILE_URL: tiles.template }),
    launchChromium(),
    jpeg(1600, 1200),
  ])
})
afterAll(async () => {
  await browser?.close()
  await service?.stop()
  await tiles?.stop()
})

describe('files and maps on the demo site', () => {
  it(
    'SPEC 1 rule 5 and SPEC 4: a photo and a place picked on the map reach the desk; the attachment stays the case’s',
    { timeout: 90_000 },
    async () => {
      const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
      visitor.setDefaultTimeout(15_000)
      await visitor.goto(`${service.site}/`)
      await visitor.locator('#f-potholes-street').fill('Map Lane 12')
      await visitor.locator('#f-potholes-kind').check()
      await visitor
        .locator('#f-potholes-photo')
        .setInputFiles({ name: 'hole.jpg', mimeType: 'image/jpeg', buffer: photo })
      // The picker: tiles through the service, a tap places the spot in the two inputs.
      const picker = visitor.locator('.location .map-picker')
      await picker.scrollIntoViewIfNeeded()
      await expect.poll(() => visitor.locator('.map-picker img.leaflet-tile-loaded').count()).toBeGreaterThan(0)
      await picker.click({ position: { x: 120, y: 100 } })
      const lat = await visitor.locator('#f-potholes-location').inputValue()
      const lng = await visitor.locator('#f-potholes-location-lng').inputValue()
      expect(Number(lat)).not.toBeNaN()
      expect(Number(lng)).not.toBeNaN()
      expect(tiles.requests.every((url) => url.endsWith('key=journey-map-token'))).toBe(true)
      await visitor.getByRole('button', { name: 'Send' }).click()
      await visitor.waitForURL(/\/\?filed=/)
      const id = new URL(visitor.url()).searchParams.get('filed') ?? ''

      // The caseworker sees the preview and the marker, and opens the full photo.
      const deskPath = `/desk/caseworkers/potholes/${id}`
      const staff = await signedInPage(browser, service.site, 'Kari Caseworker', deskPath)
      const preview = staff.locator('.desk-preview img')
      await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640)
      await expect.poll(() => staff.locator('figure.map path.leaflet-interactive').count()).toBe(1)
      const full = await staff.request.get(`${service.site}/attachment/potholes/${id}/photo`)
      expect(full.status()).toBe(200)
      expect(Buffer.from(await full.body()).equals(photo)).toBe(true)
      const [point] = JSON.parse((await staff.locator('figure.map').getAttribute('data-points')) ?? '[]') as {
        lat: number
        lng: number
      }[]
      expect(point?.lat).toBeCloseTo(Number(lat), 5)
      expect(point?.lng).toBeCloseTo(Number(lng), 5)

      // The home page's map block shows the case to the caseworker as a marker.
      await staff.goto(`${service.site}/`)
      await expect.poll(() => staff.locator('main figure.map path.leaflet-interactive').count()).toBeGreaterThan(0)
      await expect(staff.locator('main figure.map .map-places').textContent()).resolves.toContain('Map Lane 12')

      // A stranger and another visitor get nothing.
      const stranger = await browser.newContext()
      expect((await stranger.request.get(`${service.site}/attachment/potholes/${id}/photo`)).status()).toBe(404)
      const other = await (await browser.newContext()).newPage()
      await other.goto(`${service.site}/`)
      const theirs = await other.request.get(`${service.site}/attachment/potholes/${id}/photo?preview=1`)
      expect(theirs.status()).toBe(404)
      expect((await theirs.body()).toString()).toBe('No such file.\n')
    },
  )
})
