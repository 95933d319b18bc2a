// Foundation: the built service serves every page of the demo site.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SiteModel } from '../../server/content/model'
import { escaped, loadDemo } from '../support/demo-site'
import { ROOT, startServer, type RunningServer } from '../support/server'

let server: RunningServer
let site: SiteModel
beforeAll(async () => {
  site = await loadDemo()
  server = await startServer()
})
afterAll(() => server?.stop())

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers: { cookie: 'svc_story=plain', ...headers } })

describe('pages', () => {
  it(
    'Site definition: site.yaml carries all branding: serves every fixed page of the demo site with its title ' +
      'and the site branding',
    async () => {
      const fixed = site.pages.filter((p) => !p.path.includes(':') && p.access === 'public')
      expect(fixed.length).toBeGreaterThan(4)
      for (const page of fixed) {
        const res = await get(page.path)
        expect(res.status, page.path).toBe(200)
        expect(res.headers.get('content-type')).toContain('text/html')
        const body = await res.text()
        expect(body).toContain(`<h1>${escaped(page.title[0] ?? '')}</h1>`)
        expect(body).toContain('<html lang="en">')
        // The branding, through its own stylesheet.
        const theme = /<link rel="stylesheet" href="(\/pkg\/theme\/[\w-]+\.css)">/.exec(body)?.[1] ?? ''
        expect(await (await get(theme)).text(), page.path).toContain('--color-primary: #0b6e4f')
        expect(body).toContain('src="/site/logo.svg"')
        expect(body).toMatch(/<main id="main"/)
      }
    },
  )

  it('renders the form with a labelled control for every field type', async () => {
    const body = await (await get('/')).text()
    const bucket = site.buckets.get('potholes')
    for (const field of bucket?.fields ?? []) {
      expect(body, field.name).toContain(escaped(field.label[0] ?? ''))
    }
    for (const control of [
      'type="email"',
      'type="tel"',
      'type="date"',
      'type="checkbox"',
      'type="file"',
      '<textarea',
      '<select',
    ]) {
      expect(body).toContain(control)
    }
  })

  it(
    'Errors 2 (Runtime configuration: STORE_* unset): a type: file field fails closed while uploads are not ' +
      'available',
    async () => {
      const body = await (await get('/')).text()
      expect(body).toMatch(/<input[^>]*type="file"[^>]*disabled/)
    },
  )

  it('Errors 3 (Runtime configuration: MAP_TOKEN): when MAP_TOKEN is unset, maps are off', async () => {
    const body = await (await get('/')).text()
    expect(body).not.toContain('class="map')
    const withMaps = await startServer({ MAP_TOKEN: 'test-token' })
    try {
      const mapped = await (await fetch(`${withMaps.url}/`, { headers: { cookie: 'svc_story=plain' } })).text()
      expect(mapped).toContain('class="map')
    } finally {
      await withMaps.stop()
    }
  })

  it('answers an unknown path with a useful 404 page that links back', async () => {
    const res = await get('/no-such-page')
    expect(res.status).toBe(404)
    const body = await res.text()
    expect(body).toMatch(/not found/i)
    expect(body).toContain('href="/"')
    expect(body).toContain('href="/districts"')
  })

  it('routes record pages and says not found while the record does not exist', async () => {
    const res = await get('/districts/abc123')
    expect(res.status).toBe(404)
    expect(await res.text()).toMatch(/not found/i)
  })

  it('turns away a page for some groups only with a friendly 403', async () => {
    const page = site.pages.find((p) => p.access !== 'public' && !p.path.includes(':'))
    expect(page).toBeDefined()
    const res = await get(page?.path ?? '/')
    expect(res.status).toBe(403)
    expect(await res.text()).toContain('<main id="main"')
  })

  it('Endpoints, other routes: serves content pictures under /site/ and refuses paths outside public/', async () => {
    const res = await get('/site/logo.svg')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(await res.text()).toContain('<svg')
    expect((await get('/site/../site.yaml')).status).toBe(404)
    expect((await get('/site/%2e%2e/site.yaml')).status).toBe(404)
    expect((await get('/site/nothing.png')).status).toBe(404)
    expect((await get('/site/%E0%A4%A')).status).toBe(404)
  })
})

describe('errors', () => {
  it('answers a thrown error with a short page for browsers and a short JSON body otherwise', async () => {
    const page = await get('/site/nothing.png', { accept: 'text/html,application/xhtml+xml' })
    expect(page.status).toBe(404)
    expect(page.headers.get('content-type')).toContain('text/html')
    const body = await page.text()
    expect(body).toContain('<main id="main"')
    expect(body).not.toMatch(/\bat .*\.mjs:\d+/)
    const json = await get('/site/nothing.png', { accept: 'application/json' })
    expect(json.status).toBe(404)
    expect(await json.json()).toEqual({ statusCode: 404, statusMessage: 'No such file' })
  })
})

describe('Versioning 4: static asset files have content-hashed names', () => {
  it(
    "Endpoints, other routes: serves /pkg files from the service's own disk with hashed names, cached forever, " +
      'and pages name the current bundle',
    async () => {
      const body = await (await get('/')).text()
      const css = /href="(\/pkg\/site\.([0-9a-f]{10})\.css)"/.exec(body)
      expect(css).not.toBeNull()
      const res = await get(css?.[1] ?? '')
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const source = readFileSync(join(ROOT, 'server/render/assets/site.css'))
      const { createHash } = await import('node:crypto')
      expect(css?.[2]).toBe(createHash('sha256').update(source).digest('hex').slice(0, 10))
      expect(readFileSync(join(ROOT, '.output/hash.txt'), 'utf8')).toMatch(/^[0-9a-f]{16}\n$/)
      expect((await get('/pkg/site.0000000000.css')).status).toBe(404)
    },
  )
})
