import { createServer, request } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createApp, eventHandler, toNodeListener } from 'h3'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseConfig } from '../../server/config/parse-config'
import { createRateLimiter } from '../../server/http/rate-limit'

// The limit's two settings, read as the service reads them.
function readRateLimitConfig(env: Record<string, string | undefined>): { burst: number; perSecond: number } {
  const config = parseConfig(env)
  return { burst: config.SVC_RATE_BURST, perSecond: config.SVC_RATE_PER_SECOND }
}

function clock(): { now: () => number; advance: (ms: number) => void } {
  let t = 0
  return { now: () => t, advance: (ms) => (t += ms) }
}

function takeMany(limiter: { take: (key: string) => { ok: boolean } }, key: string, n: number): number {
  let allowed = 0
  for (let i = 0; i < n; i++) if (limiter.take(key).ok) allowed++
  return allowed
}

describe(
  'Limits: Request rate (What the service does 9): per caller IP, a burst of 100 requests, refilled at 10 per ' +
    'second',
  () => {
    it('allows 100 at once, then one more per 100 ms, up to the burst again', () => {
      const c = clock()
      const limiter = createRateLimiter({ ...readRateLimitConfig({}), now: c.now })
      expect(takeMany(limiter, 'a', 100)).toBe(100)
      expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 })
      c.advance(100)
      expect(takeMany(limiter, 'a', 5)).toBe(1)
      c.advance(60_000)
      expect(takeMany(limiter, 'a', 150)).toBe(100)
    })

    it('counts each caller on its own', () => {
      const limiter = createRateLimiter({ burst: 2, perSecond: 1, now: clock().now })
      expect(takeMany(limiter, '198.51.100.1', 3)).toBe(2)
      expect(takeMany(limiter, '198.51.100.2', 3)).toBe(2)
    })

    it('does not charge a refused request', () => {
      const c = clock()
      const limiter = createRateLimiter({ burst: 1, perSecond: 1, now: c.now })
      limiter.take('a')
      expect(takeMany(limiter, 'a', 50)).toBe(0)
      c.advance(1000)
      expect(limiter.take('a').ok).toBe(true)
    })

    it('tells how many whole seconds until the next request is allowed', () => {
      const c = clock()
      const slow = createRateLimiter({ burst: 1, perSecond: 0.1, now: c.now })
      slow.take('a')
      expect(slow.take('a')).toEqual({ ok: false, retryAfterSeconds: 10 })
      c.advance(5000)
      expect(slow.take('a')).toEqual({ ok: false, retryAfterSeconds: 5 })
      c.advance(4999)
      expect(slow.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 })
      c.advance(1)
      expect(slow.take('a').ok).toBe(true)
    })

    it('mints no tokens when the clock steps back and forth', () => {
      const c = clock()
      const limiter = createRateLimiter({ burst: 1, perSecond: 1, now: c.now })
      c.advance(10_000)
      limiter.take('a')
      c.advance(-5000)
      expect(limiter.take('a').ok).toBe(false)
      c.advance(5000)
      expect(limiter.take('a').ok).toBe(false)
      c.advance(1000)
      expect(limiter.take('a').ok).toBe(true)
    })
  },
)

describe('Limits: Disabling: either variable set to 0 turns the limit off', () => {
  it.each([
    { burst: 0, perSecond: 10 },
    { burst: 100, perSecond: 0 },
  ])('%j allows everything and remembers nobody', (config) => {
    const limiter = createRateLimiter({ ...config, now: clock().now })
    expect(takeMany(limiter, 'a', 1000)).toBe(1000)
    expect(limiter.size).toBe(0)
  })

  it('reads 0 from the environment as off', () => {
    expect(readRateLimitConfig({ SVC_RATE_BURST: '0' }).burst).toBe(0)
    expect(readRateLimitConfig({ SVC_RATE_PER_SECOND: '0' }).perSecond).toBe(0)
  })
})

describe('Limits: SVC_RATE_BURST and SVC_RATE_PER_SECOND (Runtime configuration)', () => {
  it('default to 100 and 10, also when blank', () => {
    expect(readRateLimitConfig({})).toEqual({ burst: 100, perSecond: 10 })
    expect(readRateLimitConfig({ SVC_RATE_BURST: '', SVC_RATE_PER_SECOND: ' ' })).toEqual({ burst: 100, perSecond: 10 })
  })

  it('are read as numbers', () => {
    expect(readRateLimitConfig({ SVC_RATE_BURST: ' 20 ', SVC_RATE_PER_SECOND: '0.5' })).toEqual({
      burst: 20,
      perSecond: 0.5,
    })
  })

  it.each([
    ['SVC_RATE_BURST', 'many'],
    ['SVC_RATE_BURST', '-1'],
    ['SVC_RATE_BURST', '1.5'],
    ['SVC_RATE_BURST', '1e3'],
    ['SVC_RATE_BURST', '9'.repeat(400)],
    ['SVC_RATE_PER_SECOND', 'Infinity'],
    ['SVC_RATE_PER_SECOND', '-0.5'],
    ['SVC_RATE_PER_SECOND', '0x10'],
  ])('refuse %s=%j', (name, value) => {
    expect(() => readRateLimitConfig({ [name]: value })).toThrow(
      new RegExp(`^\\[svc\\] \\[config\\] ${name}: expected a (whole )?number >= 0 \\(0 turns the limit off\\), got "`),
    )
  })
})

describe('Limits: the limit is a fence, not an accounting system: idle callers are forgotten', () => {
  it('eviction keeps the map bounded under 1M distinct IPs', () => {
    const limiter = createRateLimiter({ burst: 100, perSecond: 10, now: clock().now })
    let largest = 0
    for (let i = 0; i < 1_000_000; i++) {
      limiter.take(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`)
      largest = Math.max(largest, limiter.size)
    }
    expect(largest).toBe(100_000)
  })

  it('drops a bucket once it has refilled to full', () => {
    const c = clock()
    const limiter = createRateLimiter({ burst: 100, perSecond: 10, now: c.now })
    for (let i = 0; i < 1_000_000; i++) {
      limiter.take(`ip-${i}`)
      c.advance(1)
    }
    // One token refills in 100 ms, so only the last 100 callers are still in debt.
    expect(limiter.size).toBeLessThanOrEqual(101)
  })

  it('forgets the least recently seen caller first when the cap is reached', () => {
    const limiter = createRateLimiter({ burst: 1, perSecond: 1, maxKeys: 2, now: clock().now })
    limiter.take('quiet')
    limiter.take('busy')
    limiter.take('busy')
    limiter.take('new')
    expect(limiter.size).toBe(2)
    expect(limiter.take('busy').ok).toBe(false)
    expect(limiter.take('quiet').ok).toBe(true)
  })
})

describe('Limits: the middleware in a real h3 app', () => {
  let server: Server | undefined

  afterEach(async () => {
    vi.unstubAllEnvs()
    if (server) {
      const closing = server
      server = undefined
      closing.closeAllConnections()
      await new Promise((resolve) => closing.close(resolve))
    }
  })

  async function serve(env: Record<string, string | undefined>): Promise<{ base: string; entered: () => number }> {
    const unset = { SVC_RATE_BURST: undefined, SVC_RATE_PER_SECOND: undefined, TRUSTED_PROXIES: undefined }
    for (const [name, value] of Object.entries({ ...unset, ...env })) vi.stubEnv(name, value)
    vi.resetModules()
    const { default: rateLimit } = await import('../../server/nitro/rate-limit')
    let entered = 0
    const app = createApp()
    app.use(rateLimit)
    app.use(
      eventHandler(() => {
        entered++
        return 'ok'
      }),
    )
    const listening = createServer(toNodeListener(app))
    server = listening
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve))
    const { port } = listening.address() as AddressInfo
    return { base: `http://127.0.0.1:${port}`, entered: () => entered }
  }

  // fetch resolves dot segments itself; this sends the path as written.
  function rawStatus(base: string, method: string, path: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = request(`${base}/`, { method, path, agent: false }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.end()
    })
  }

  it(
    'Placement and Errors 1: turns an over-limit request away with 429 and Retry-After before the handler is ' +
      'entered',
    async () => {
      // 0.01 per second: no token comes back while the test runs.
      const { base, entered } = await serve({ SVC_RATE_BURST: '2', SVC_RATE_PER_SECOND: '0.01' })
      expect((await fetch(`${base}/a`)).status).toBe(200)
      expect((await fetch(`${base}/b`)).status).toBe(200)
      const refused = await fetch(`${base}/c`)
      expect(refused.status).toBe(429)
      expect(refused.headers.get('content-type')).toMatch(/^text\/plain/)
      const retryAfter = Number(refused.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(100)
      expect(await refused.text()).toBe(`Too many requests. Try again in ${retryAfter} seconds.\n`)
      expect(entered()).toBe(2)
    },
  )

  it('Not counted is decided before it: the middleware counts every path it sees, /pkg ones too', async () => {
    // In the service, Nitro's static layer answers the files under /pkg before
    // any middleware; a /pkg path that reaches the middleware is not a file.
    const { base, entered } = await serve({ SVC_RATE_BURST: '2', SVC_RATE_PER_SECOND: '0.01' })
    expect((await fetch(`${base}/pkg/app.js`)).status).toBe(200)
    expect((await fetch(`${base}/pkg/favicon.ico`, { method: 'HEAD' })).status).toBe(200)
    expect((await fetch(`${base}/pkg/`)).status).toBe(429)
    expect((await fetch(`${base}/`)).status).toBe(429)
    expect(entered()).toBe(2)
  })

  it('Counted: content pictures under /site/ and map tiles', async () => {
    const { base } = await serve({ SVC_RATE_BURST: '1', SVC_RATE_PER_SECOND: '0.01' })
    expect((await fetch(`${base}/site/logo.png`)).status).toBe(200)
    expect((await fetch(`${base}/map/tiles/3/4/2.png`)).status).toBe(429)
    expect((await fetch(`${base}/site/logo.png`)).status).toBe(429)
  })

  it('counts a path that only looks exempt', async () => {
    const { base } = await serve({ SVC_RATE_BURST: '4', SVC_RATE_PER_SECOND: '0.01' })
    expect(await rawStatus(base, 'GET', '/pkg/../site/a.png')).toBe(200)
    expect(await rawStatus(base, 'GET', '/pkg/%2e%2e/site/a.png')).toBe(200)
    expect(await rawStatus(base, 'GET', '/pkg/..%5csite')).toBe(200)
    expect(await rawStatus(base, 'POST', '/pkg/x')).toBe(200)
    expect(await rawStatus(base, 'GET', '/pkg/%zz')).toBe(429)
  })

  it('Caller identity: each X-Forwarded-For client behind a loopback proxy has its own bucket', async () => {
    const { base } = await serve({ SVC_RATE_BURST: '1', SVC_RATE_PER_SECOND: '0.01' })
    const from = (ip: string): Promise<Response> => fetch(`${base}/`, { headers: { 'x-forwarded-for': ip } })
    expect((await from('198.51.100.1')).status).toBe(200)
    expect((await from('198.51.100.2')).status).toBe(200)
    expect((await from('198.51.100.1')).status).toBe(429)
  })

  it('ignores a forged header from a peer outside TRUSTED_PROXIES', async () => {
    const { base } = await serve({ SVC_RATE_BURST: '1', SVC_RATE_PER_SECOND: '0.01', TRUSTED_PROXIES: '10.0.0.1' })
    expect((await fetch(`${base}/`, { headers: { 'x-forwarded-for': '198.51.100.1' } })).status).toBe(200)
    expect((await fetch(`${base}/`, { headers: { 'x-forwarded-for': '198.51.100.2' } })).status).toBe(429)
  })

  it.each([{ SVC_RATE_BURST: '0' }, { SVC_RATE_PER_SECOND: '0' }])(
    'Disabling: %j lets everything through',
    async (env) => {
      const { base, entered } = await serve({ SVC_RATE_BURST: '1', SVC_RATE_PER_SECOND: '0.01', ...env })
      for (let i = 0; i < 20; i++) expect((await fetch(`${base}/`)).status).toBe(200)
      expect(entered()).toBe(20)
    },
  )

  it('refuses to load with a bad setting', async () => {
    await expect(serve({ SVC_RATE_BURST: '-1' })).rejects.toThrow(/^\[svc\] \[config\] SVC_RATE_BURST: /)
    await expect(serve({ TRUSTED_PROXIES: 'proxy.internal' })).rejects.toThrow(/^\[svc\] \[config\] TRUSTED_PROXIES: /)
  })
})
