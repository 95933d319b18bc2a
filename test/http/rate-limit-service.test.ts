// SPEC 8 against the built service: the limit is checked before any handler.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../support/server'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ SVC_RATE_BURST: '5', SVC_RATE_PER_SECOND: '0.001' })
})
afterAll(() => server?.stop())

describe('Limits: on the running service', () => {
  it(
    'Placement, Errors 1 and Endpoints (every route is behind the rate limit): over the limit a page gets 429 ' +
      'with Retry-After; /pkg files are not counted, /site pictures are',
    async () => {
      const css = /href="(\/pkg\/[^"]+)"/.exec(await (await fetch(`${server.url}/`)).text())?.[1] ?? ''
      for (let i = 0; i < 10; i++) expect((await fetch(`${server.url}${css}`)).status).toBe(200)
      expect((await fetch(`${server.url}/site/logo.svg`)).status).toBe(200)
      expect((await fetch(`${server.url}/about`)).status).toBe(200)
      expect((await fetch(`${server.url}/districts`)).status).toBe(200)
      expect((await fetch(`${server.url}/site/logo.svg`)).status).toBe(200)
      const refused = await fetch(`${server.url}/site/logo.svg`)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await refused.text()).toMatch(/^Too many requests/)
      expect((await fetch(`${server.url}/`)).status).toBe(429)
      expect((await fetch(`${server.url}${css}`)).status).toBe(200)
    },
  )
})
