// Header injection: a caller's text that ends up in a response header (a
// return path in Location, a storyline in Set-Cookie, a path in a status
// line) carrying CR/LF to add headers of its own, such as a cookie.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bucketForm, openPage, postForm } from '../visitor/visitor-client'
import { signInAs } from '../visitor/dev-sign-in'
import { rawExchange, rawRequest, type RawResponse } from '../support/raw-http'
import { startDevSite, type DevSite } from './dev-site'

let site: DevSite
beforeAll(async () => {
  site = await startDevSite()
})
afterAll(() => site?.stop())

const INJECTIONS = [
  '%0d%0aSet-Cookie:%20evil=1',
  '%0aX-Injected:%201',
  '%0d%0a%0d%0a<h1>injected</h1>',
  '\u560d\u560aX-Injected:%201',
]

/** No header the caller wrote: no X-Injected, no cookie named evil, no CR or LF inside a value. */
function expectNoInjected(response: RawResponse | Response, where: string): void {
  const entries: [string, string][] = []
  if (response instanceof Response) response.headers.forEach((value, name) => entries.push([name, value]))
  else for (const [name, value] of Object.entries(response.headers)) entries.push([name, String(value)])
  expect(
    entries.map(([name]) => name),
    where,
  ).not.toContain('x-injected')
  for (const [name, value] of entries) {
    expect(value, `${where} ${name}`).not.toMatch(/[\r\n]/)
    if (name === 'set-cookie') expect(value, where).not.toMatch(/(^|[\s,;])evil=/)
  }
}

describe('header injection', () => {
  it('a return path with CR/LF comes back from sign-in as one Location header, on the site', async () => {
    for (const injection of INJECTIONS) {
      const client = site.visitor()
      const returnTo = decodeURIComponent(`/about${injection}`)
      const landed = await signInAs(client, site.base, 'nora', returnTo)
      expect(landed.origin, injection).toBe(new URL(site.base).origin)
      expect(client.cookie(site.base, 'evil'), injection).toBeUndefined()
    }
  })

  it('a path with CR/LF is not written into any header, whatever the method', async () => {
    for (const injection of INJECTIONS) {
      for (const method of ['GET', 'HEAD', 'POST', 'OPTIONS', 'DELETE']) {
        for (const path of [
          `/${injection}`,
          `/site/${injection}`,
          `/pkg/${injection}`,
          `/auth/sign-in?return=/${injection}`,
          `/desk/${injection}/potholes/x`,
        ]) {
          const answer = await rawRequest(
            site.base,
            path.replace(/[\u0100-\uffff]/g, (c) => encodeURIComponent(c)),
            { method },
          )
          expect(answer.status, `${method} ${path}`).toBeLessThan(500)
          expectNoInjected(answer, `${method} ${path}`)
        }
      }
    }
  })

  it("a storyline cookie or a form's page field with CR/LF is not echoed into a header", async () => {
    for (const story of ['plain%0d%0aSet-Cookie:%20evil=1', 'x;%20evil=1', '%0aX-Injected:%201']) {
      const answer = await rawRequest(site.base, '/about', { headers: { cookie: `svc_story=${story}` } })
      expect(answer.status).toBe(200)
      expectNoInjected(answer, story)
      expect(String(answer.headers['set-cookie'])).toMatch(/^svc_story=(plain|story);/)
    }
    const client = site.visitor()
    const form = bucketForm((await openPage(client, `${site.base}/`)).html, site.base, 'potholes')
    const refused = await postForm(client, form.action, {
      ...form.hidden,
      svc_page: '/\r\nX-Injected: 1',
      street: 'Header Road 1',
      kind: 'pothole',
    })
    expect(refused.status).toBe(400)
    expectNoInjected(refused, 'svc_page')
  })

  it('a request header with a bare CR or LF inside it is refused whole, before any route', async () => {
    for (const header of [
      'X-A: 1\rX-Injected: 1',
      'X-A: 1\nX-Injected: 1',
      'Cookie: svc_story=plain\r X-Injected: 1',
    ]) {
      const wire = await rawExchange(
        site.base,
        `GET /about HTTP/1.1\r\nHost: x\r\n${header}\r\nConnection: close\r\n\r\n`,
      )
      expect(wire.head, JSON.stringify(header)).toMatch(/^HTTP\/1\.1 400 /)
      expect(wire.head.toLowerCase(), JSON.stringify(header)).not.toContain('x-injected')
    }
  })
})
