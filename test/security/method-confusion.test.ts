// Method confusion: a request whose method (or a header or field claiming
// another one) differs from what a route was written for. HEAD must answer
// like GET without a body; every other unexpected method, and every override,
// changes nothing and echoes nothing.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import { bucketForm, createCookieFetch, filedId, fileThrough, openPage } from '../visitor/visitor-client'
import { rawExchange, rawRequest, type RawResponse } from '../support/raw-http'
import { startDevServer, type RunningServer } from '../support/server'
import { signInAs } from '../visitor/dev-sign-in'

let server: RunningServer
let base: string
let css: string
beforeAll(async () => {
  // Development mode, so a visitor can sign in and sign-out has a session to end.
  const dev = await startDevServer()
  server = dev
  base = dev.site
  await waitFor(async () => (await fetch(`${base}/readyz`)).status === 200, 20_000, '/readyz')
  css = /href="(\/pkg\/[^"]+)"/.exec(await (await fetch(`${base}/`)).text())?.[1] ?? ''
})
afterAll(() => server?.stop())

// A HEAD answer may leave out what only writing the body would tell (RFC 9110, 9.3.2).
const BODY_BOUND = new Set(['content-length', 'transfer-encoding', 'date'])
const headerNames = (r: RawResponse) =>
  Object.keys(r.headers)
    .filter((name) => !BODY_BOUND.has(name))
    .sort()

/** The counts of every bucket: what a filing would change. */
const counts = async () => (await fetch(`${base}/report`)).text()

describe('method confusion', () => {
  it('issue #8: HEAD works wherever GET does, health routes first: same status and headers, no body', async () => {
    const paths = [
      '/healthz',
      '/readyz',
      '/',
      '/about',
      '/report',
      '/site/logo.svg',
      css,
      '/no-such-page',
      '/pkg/',
      '/desk',
      '/auth/sign-in',
      '/hooks/content',
    ]
    for (const path of paths) {
      const headers = { cookie: 'svc_story=plain', accept: 'text/html' }
      const get = await rawRequest(base, path, { headers })
      const head = await rawRequest(base, path, { method: 'HEAD', headers })
      expect(head.status, path).toBe(get.status)
      expect(headerNames(head), path).toEqual(headerNames(get))
      for (const name of ['content-type', 'cache-control', 'x-content-type-options'])
        expect(head.headers[name], `${path} ${name}`).toEqual(get.headers[name])
      // Where it leads, not the one-time state and nonce a sign-in carries.
      const leadsTo = (answer: RawResponse) => String(answer.headers.location ?? '').split('?')[0]
      expect(leadsTo(head), path).toEqual(leadsTo(get))
      // On the wire, not through a client that would skip a body after HEAD.
      const wire = await rawExchange(
        base,
        `HEAD ${path} HTTP/1.1\r\nHost: x\r\nCookie: svc_story=plain\r\nConnection: close\r\n\r\n`,
      )
      expect(wire.head, path).toMatch(new RegExp(`^HTTP/1\\.1 ${get.status} `))
      expect(wire.rest, path).toBe('')
    }
    expect((await rawRequest(base, '/healthz', { method: 'HEAD' })).status).toBe(200)
  })

  it("issue #14: HEAD answers like GET on a person's own screens too: desks, a desk record, People, the account, the case page, the outbox", async () => {
    const kari = createCookieFetch()
    kari.setCookie(base, 'svc_story', 'plain')
    await signInAs(kari, base, 'kari')
    const filer = createCookieFetch()
    filer.setCookie(base, 'svc_story', 'plain')
    const id = filedId(await fileThrough(filer, base, '/', 'potholes', { street: 'Head Road 1', kind: 'pothole' }))
    const as = (client: typeof kari) =>
      ['svc_story', 'svc_session', 'svc_visitor'].map((name) => `${name}=${client.cookie(base, name) ?? ''}`).join('; ')
    const screens: [string, string, number][] = [
      [as(kari), '/desk', 200],
      [as(kari), '/desk/caseworkers', 200],
      [as(kari), '/desk/caseworkers?bucket=districts', 200],
      [as(kari), `/desk/caseworkers/potholes/${id}`, 200],
      [as(kari), '/desk/caseworkers/people', 200],
      [as(kari), '/desk/road_crew', 403],
      [as(kari), '/staff', 200],
      [as(kari), '/my', 200],
      [as(kari), '/auth/sign-out', 200],
      [as(filer), `/my/potholes/${id}`, 200],
      [as(filer), '/my-reports', 200],
      [as(filer), '/dev/outbox', 200],
      [as(filer), '/districts/no-such-district', 404],
      [as(filer), `/desk/caseworkers/potholes/${id}/move`, 302],
    ]
    for (const [cookie, path, status] of screens) {
      const headers = { cookie, accept: 'text/html' }
      const get = await rawRequest(base, path, { headers })
      const head = await rawRequest(base, path, { method: 'HEAD', headers })
      expect([get.status, head.status], path).toEqual([status, status])
      expect(headerNames(head), path).toEqual(headerNames(get))
      for (const name of ['content-type', 'cache-control', 'content-security-policy', 'location'])
        expect(head.headers[name], `${path} ${name}`).toEqual(get.headers[name])
      expect(head.body, path).toBe('')
    }
  })

  it('OPTIONS, PUT, DELETE, PATCH and TRACE are refused on every route, change nothing and echo nothing', async () => {
    const marker = `MARKER${randomBytes(6).toString('hex')}`
    const client = createCookieFetch()
    const form = bucketForm((await openPage(client, `${base}/`)).html, base, 'potholes')
    const cookie = `svc_story=plain; svc_session=${client.cookie(base, 'svc_session') ?? ''}`
    const before = await counts()
    const body = new URLSearchParams({ ...form.hidden, street: marker, kind: 'pothole' }).toString()
    const paths = [
      '/',
      '/about',
      '/report',
      '/healthz',
      '/file/potholes',
      '/self/potholes/x',
      '/desk/caseworkers/potholes/x/move',
      '/hooks/content',
      '/auth/sign-out',
      css,
    ]
    for (const method of ['OPTIONS', 'PUT', 'DELETE', 'PATCH', 'TRACE']) {
      for (const path of paths) {
        const answer = await rawRequest(base, path, {
          method,
          body: method === 'TRACE' ? undefined : body,
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'x-marker': marker },
        })
        expect([404, 405], `${method} ${path}`).toContain(answer.status)
        expect(answer.body, `${method} ${path}`).not.toContain(marker)
        expect(JSON.stringify(answer.headers), `${method} ${path}`).not.toContain(marker)
      }
    }
    expect(await counts()).toBe(before)
  })

  it('a method-override header or field is not obeyed: a GET stays a GET, a POST a POST', async () => {
    const client = createCookieFetch()
    client.setCookie(base, 'svc_story', 'plain')
    await signInAs(client, base, 'nora')
    const form = bucketForm((await openPage(client, `${base}/`)).html, base, 'potholes')
    const cookie = `svc_story=plain; svc_session=${client.cookie(base, 'svc_session') ?? ''}`
    const before = await counts()
    const fields = new URLSearchParams({ ...form.hidden, street: 'Override Lane 1', kind: 'pothole' }).toString()
    const overrides = ['x-http-method-override', 'x-http-method', 'x-method-override']
    for (const header of overrides) {
      // A GET carrying a whole filing, told to be a POST: nothing is filed.
      // A GET carrying a whole filing, told to be a POST: sent to the form's page, nothing filed.
      const get = await rawRequest(base, `/file/potholes?${fields}`, { headers: { cookie, [header]: 'POST' } })
      expect([get.status, get.headers.location], header).toEqual([302, '/'])
      // A form post told to be a GET of the page is still a post, refused without its token.
      const post = await rawRequest(base, '/about', { method: 'POST', headers: { cookie, [header]: 'GET' }, body: '' })
      expect(post.status, header).toBe(405)
    }
    const field = await rawRequest(base, `/file/potholes?_method=POST&${fields}`, { headers: { cookie } })
    expect([field.status, field.headers.location]).toEqual([302, '/'])
    const deleting = await rawRequest(base, '/auth/sign-out', {
      method: 'POST',
      body: '_method=DELETE',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'x-http-method-override': 'DELETE' },
    })
    expect(deleting.status).toBe(403)
    expect(await counts()).toBe(before)
  })
})
