// Issue 11, map blocks: with MAP_TOKEN set a map block shows the records of
// its bucket the viewer may see that have a location: a visitor the public
// view's (public states, the location a public field), a desk reader all of
// them. Without script the block is a list of the same places with links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readPage } from '../desk/page'
import { startDevSite, type DevSite } from '../security/dev-site'
import { fileThrough, filedId, type CookieFetch } from '../visitor/visitor-client'

let site: DevSite
let filer: CookieFetch
let accepted: string
beforeAll(async () => {
  site = await startDevSite({}, { MAP_TOKEN: 'map-block-token', MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' })
  const visitor = site.visitor()
  filer = visitor
  const place = (lat: string, lng: string) => ({ 'location.lat': lat, 'location.lng': lng })
  accepted = filedId(
    await fileThrough(visitor, site.base, '/', 'potholes', {
      street: 'Public Place 1',
      kind: 'pothole',
      ...place('59.91', '10.75'),
    }),
  )
  filedId(
    await fileThrough(visitor, site.base, '/', 'potholes', {
      street: 'Fresh Place 2',
      kind: 'crack',
      ...place('59.92', '10.76'),
    }),
  )
  const kari = await site.as('kari')
  const desk = await (await kari(`${site.base}/desk/caseworkers/potholes/${accepted}`)).text()
  const form = /<form class="desk-move" method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(desk)
  const fields = Object.fromEntries(
    [...(form?.[2] ?? '').matchAll(/name="([^"]+)" value="([^"]*)"/g)].map(([, n = '', v = '']) => [n, v]),
  )
  await kari(`${site.base}${form?.[1] ?? ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
})
afterAll(() => site?.stop())

const points = (html: string) =>
  JSON.parse(readPage(html).one('figure.map').attributes['data-points']?.replaceAll('&quot;', '"') ?? '[]') as {
    label: string
    lat: number
  }[]

describe('map blocks', () => {
  it('a visitor sees the public cases with a place, as markers and as a list with links; not the others', async () => {
    await expect
      .poll(async () => points(await (await site.visitor()(`${site.base}/`)).text()).map((p) => p.label))
      .toEqual(['Public Place 1'])
    const home = await (await site.visitor()(`${site.base}/`)).text()
    const page = readPage(home)
    expect(page.text('figure.map .map-places')).toContain('Public Place 1')
    expect(page.text('figure.map .map-places')).toContain('59.91000, 10.75000')
    expect(home).not.toContain('Fresh Place 2')
    expect(home).toMatch(/<script src="\/pkg\/leaflet\.[0-9a-f]{10}\.js" defer><\/script>/)
    expect(home).toContain('data-map-picker')
    // map.js's own words come from the service's messages, in the site's language.
    expect(home).toContain('data-locate-label="Use my position"')
    expect(home).not.toContain('map-block-token')
  })

  it('the submitter sees their own case on the map, wherever it stands, linked to their case page', async () => {
    const mine = points(await (await filer(`${site.base}/`)).text())
    expect(mine.map((p) => p.label).sort()).toEqual(['Fresh Place 2', 'Public Place 1'])
  })

  it('a caseworker sees every case with a place on the same page', async () => {
    const html = await (await (await site.as('kari'))(`${site.base}/`)).text()
    expect(
      points(html)
        .map((p) => p.label)
        .sort(),
    ).toEqual(['Fresh Place 2', 'Public Place 1'])
  })
})
