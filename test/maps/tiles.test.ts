// SPEC 4 "Other routes" and SPEC 8: map tiles are proxied from the provider
// (a real local HTTP server here) with the service's token, which never
// reaches the browser; a tile is fetched upstream once while the provider's
// cache headers allow; only range-checked integers choose a tile; the tile
// route is counted by the rate limit. SPEC 7 rule 3: without MAP_TOKEN there
// is no tile route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../support/server'
import { startTileServer, type TestTiles } from '../support/tile-server'

const TOKEN = 'secret-map-token-1234'
let tiles: TestTiles
let server: RunningServer
beforeAll(async () => {
  tiles = await startTileServer()
  server = await startServer({ MAP_TOKEN: TOKEN, MAP_TILE_URL: tiles.template, SVC_RATE_BURST: '0' })
})
afterAll(async () => {
  await server?.stop()
  await tiles?.stop()
})

describe('SPEC 4: map tiles are proxied from the map provider', () => {
  it('serves a tile with an hour of caching, fetched upstream once, the token kept on the server', async () => {
    const first = await fetch(`${server.url}/tiles/3/4/2.png`)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/png')
    const maxAge = Number(/max-age=(\d+)/.exec(first.headers.get('cache-control') ?? '')?.[1])
    expect(maxAge).toBeGreaterThanOrEqual(3600)
    const bytes = Buffer.from(await first.arrayBuffer())
    expect(bytes.subarray(1, 4).toString()).toBe('PNG')
    const headers: string[] = []
    first.headers.forEach((value, name) => headers.push(`${name}: ${value}`))
    expect(headers.join('\n')).not.toContain(TOKEN)
    const second = await fetch(`${server.url}/tiles/3/4/2.png`)
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true)
    expect(tiles.requests.filter((url) => url.startsWith('/tiles/3/4/2.png'))).toEqual([
      `/tiles/3/4/2.png?key=${TOKEN}`,
    ])
  })

  it('only integers in range choose a tile: anything else is 404 and never reaches the provider', async () => {
    const before = tiles.requests.length
    for (const path of [
      '/tiles/20/0/0.png',
      '/tiles/3/8/0.png',
      '/tiles/3/0/8.png',
      '/tiles/-1/0/0.png',
      '/tiles/3/1e0/0.png',
      '/tiles/3/01/0.png',
      '/tiles/3/0/0.jpg',
      '/tiles/3/0/0',
      '/tiles/a/b/c.png',
      '/tiles/3/0/..%2F..%2Fadmin.png',
    ]) {
      const answer = await fetch(`${server.url}${path}`)
      expect(answer.status, path).toBe(404)
    }
    expect(tiles.requests.length).toBe(before)
    // A query of the caller's own never reaches the provider's URL: only the service's token does.
    await fetch(`${server.url}/tiles/3/0/0.png%3Fkey%3Dmine?key=mine&z=9`)
    expect(tiles.requests.slice(before)).toEqual([`/tiles/3/0/0.png?key=${TOKEN}`])
  })

  it('a provider that fails or stalls gives 502, and pages still render', async () => {
    tiles.mode('error')
    expect((await fetch(`${server.url}/tiles/5/1/1.png`)).status).toBe(502)
    // A provider's answer that is no raster tile (an SVG may script) is never served from the site's origin.
    tiles.mode('svg')
    expect((await fetch(`${server.url}/tiles/5/2/2.png`)).status).toBe(502)
    tiles.mode('ok')
    expect((await fetch(`${server.url}/tiles/5/1/1.png`)).status).toBe(200)
    expect((await fetch(`${server.url}/`)).status).toBe(200)
  })
})

describe('SPEC 7 rule 3: when MAP_TOKEN is unset, maps are off', () => {
  it('there is no tile route and no map asset on pages', async () => {
    const off = await startServer({ MAP_TOKEN: undefined })
    try {
      expect((await fetch(`${off.url}/tiles/3/4/2.png`)).status).toBe(404)
      const home = await (await fetch(`${off.url}/`)).text()
      expect(home).not.toContain('leaflet')
      expect(home).not.toContain('class="map')
    } finally {
      await off.stop()
    }
  })
})

describe('SPEC 8: tiles are counted by the rate limit', () => {
  it('a burst of 3 allows three tiles, then 429', async () => {
    const limited = await startServer({
      MAP_TOKEN: TOKEN,
      MAP_TILE_URL: tiles.template,
      SVC_RATE_BURST: '3',
      SVC_RATE_PER_SECOND: '0.01',
    })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) statuses.push((await fetch(`${limited.url}/tiles/2/${i % 4}/1.png`)).status)
      expect(statuses).toEqual([200, 200, 200, 429])
    } finally {
      await limited.stop()
    }
  })
})
