// Rate-limit evasion: an attacker looking for requests the limit does not
// count, or for a way to be a new caller each time. Loopback is not a trusted
// proxy here, so each test calls from its own loopback address, as its own caller.
import { PAGE_HEADERS } from '../../server/http/page-headers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../support/raw-http'
import { startServer, type RunningServer } from '../support/server'

const BURST = 4

let server: RunningServer
let css: string
beforeAll(async () => {
  server = await startServer({
    SVC_RATE_BURST: String(BURST),
    SVC_RATE_PER_SECOND: '0.001',
    // 127.0.0.60 stands in for a load balancer that says who called.
    TRUSTED_PROXIES: '10.0.0.1,127.0.0.60',
  })
  css =
    /href="(\/pkg\/site\.[0-9a-f]{10}\.css)"/.exec(
      (await rawRequest(server.url, '/', { from: '127.0.0.99' })).body,
    )?.[1] ?? ''
})
afterAll(() => server?.stop())

const statuses = async (from: string, paths: readonly string[], method = 'GET') => {
  const out: number[] = []
  for (const path of paths) out.push((await rawRequest(server.url, path, { from, method })).status)
  return out
}

describe('rate-limit evasion', () => {
  it(
    'Not counted (SPEC 8): only the files the page is made of skip the limit; /pkg paths that are not files ' +
      'are counted',
    async () => {
      const from = '127.0.0.2'
      expect(css).not.toBe('')
      // Far more than the burst: the stylesheet is never counted, by GET or HEAD.
      for (let i = 0; i < 3 * BURST; i++) expect((await rawRequest(server.url, css, { from })).status).toBe(200)
      expect((await rawRequest(server.url, css, { from, method: 'HEAD' })).status).toBe(200)
      // Each of these loads a page (and a session, with a cookie): each counts.
      const notFiles = ['/pkg/', '/pkg/?q=1', '/pkg//report', '/pkg/missing.css']
      expect(await statuses(from, notFiles)).toEqual([404, 404, 404, 404])
      expect(
        await statuses(from, ['/pkg/', '/pkg/%2e%2e/report', '/pkg/..%2freport', '/pkg', `${css}/../../report`]),
      ).toEqual([429, 429, 429, 429, 429])
      expect((await rawRequest(server.url, css, { from })).status).toBe(200)
    },
  )

  it('a look-alike of a hashed file (another hash, a query, other case) is not a file and counts', async () => {
    const from = '127.0.0.3'
    const lookAlikes = ['/pkg/site.0000000000.css', css.toUpperCase(), `${css.slice(0, -4)}.js`, '/pkg/site.css']
    expect(await statuses(from, lookAlikes)).toEqual([404, 404, 404, 404])
    expect((await rawRequest(server.url, `${css}?v=1`, { from })).status).toBe(200)
    expect((await rawRequest(server.url, '/pkg/x.css', { from })).status).toBe(429)
  })

  it(
    'Caller identity: a forged X-Forwarded-For or X-Real-IP from a peer that is not a trusted proxy buys no ' +
      'fresh bucket',
    async () => {
      const from = '127.0.0.4'
      const forged = (i: number): Record<string, string> => ({
        'x-forwarded-for': `198.51.100.${i}`,
        'x-real-ip': `203.0.113.${i}`,
        forwarded: `for=192.0.2.${i}`,
      })
      for (let i = 0; i < BURST; i++)
        expect((await rawRequest(server.url, '/about', { from, headers: forged(i) })).status).toBe(200)
      const refused = await rawRequest(server.url, '/about', { from, headers: forged(99) })
      expect(refused.status).toBe(429)
      expect(refused.body).toMatch(/^Too many requests/)
      expect(refused.body).not.toContain('About')
    },
  )

  it('HEAD, POST and unknown methods count like GET', async () => {
    const from = '127.0.0.5'
    expect(await statuses(from, ['/about', '/about'], 'HEAD')).toEqual([200, 200])
    expect((await rawRequest(server.url, '/report', { from, method: 'OPTIONS' })).status).toBe(405)
    expect((await rawRequest(server.url, '/hooks/content', { from, method: 'POST' })).status).toBe(404)
    const over = await rawRequest(server.url, '/about', { from, method: 'HEAD' })
    expect(over.status).toBe(429)
    expect(over.headers['retry-after']).toBeDefined()
    // Not a page, but sent with the same headers, so nothing can frame or sniff it either.
    for (const [name, value] of Object.entries(PAGE_HEADERS)) expect(over.headers[name], name).toBe(value)
    expect((await rawRequest(server.url, '/healthz', { from })).status).toBe(429)
  })

  it('Rotating addresses inside one IPv6 /64 buys no fresh bucket; another /64 is another caller', async () => {
    const via = (xff: string) =>
      rawRequest(server.url, '/about', { from: '127.0.0.60', headers: { 'x-forwarded-for': xff } })
    for (let i = 1; i <= BURST; i++) expect((await via(`2001:db8:1:2::${i.toString(16)}`)).status).toBe(200)
    for (const rotated of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:a:b:c:d', '2001:db8:1:2::1'])
      expect((await via(rotated)).status, rotated).toBe(429)
    expect((await via('2001:db8:1:3::1')).status).toBe(200)
  })

  it('An IPv4 caller written as IPv4-mapped, IPv4-compatible or NAT64 IPv6 is the same IPv4 caller', async () => {
    const via = (xff: string) =>
      rawRequest(server.url, '/about', { from: '127.0.0.60', headers: { 'x-forwarded-for': xff } })
    for (let i = 0; i < BURST; i++) expect((await via('198.51.100.7')).status).toBe(200)
    for (const form of ['::ffff:198.51.100.7', '::198.51.100.7', '64:ff9b::198.51.100.7', '64:ff9b::c633:6407'])
      expect((await via(form)).status, form).toBe(429)
  })
})
