// Open redirect: a link to the service that ends somewhere else, so the
// service's good name carries a victim to the attacker's page. Every place
// that redirects to a caller-supplied address must stay on the site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bucketForm,
  confirmForm,
  fileThrough,
  filedId,
  openPage,
  postForm,
  selfMoveButtons,
} from '../visitor/visitor-client'
import { signInAs } from '../visitor/dev-sign-in'
import { rawRequest } from '../support/raw-http'
import { startDevSite, type DevSite } from './dev-site'

let site: DevSite
beforeAll(async () => {
  site = await startDevSite()
})
afterAll(() => site?.stop())

const ELSEWHERE = [
  '//evil.example/',
  'https://evil.example/',
  'http:evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/%2F%2Fevil.example',
  '/\t/evil.example',
  '///evil.example',
  '/.//evil.example',
  '/a/..//evil.example',
  'javascript:alert(1)',
  'evil.example',
]

/** Where a Location header leads from the site, and whether that is still the site. */
const staysOnSite = (location: string | null | undefined) =>
  new URL(location ?? '', site.base).origin === new URL(site.base).origin

describe('open redirect', () => {
  it('after sign-in, a return address off the site leads to a page on the site instead', async () => {
    for (const returnTo of ELSEWHERE) {
      const landed = await signInAs(site.visitor(), site.base, 'nora', returnTo)
      expect(landed.origin, returnTo).toBe(new URL(site.base).origin)
      expect(landed.pathname, returnTo).not.toMatch(/^[/\\]{2}/)
    }
    const kept = await signInAs(site.visitor(), site.base, 'nora', '/about?x=1')
    expect(`${kept.pathname}${kept.search}`).toBe('/about?x=1')
  })

  it("the way to the identity provider keeps the service's own callback, whatever the link adds", async () => {
    const response = await site.visitor()(
      `${site.base}/auth/sign-in?return=/&redirect_uri=https://evil.example/cb&state=x`,
    )
    expect(response.status).toBe(302)
    const provider = new URL(response.headers.get('location') ?? '')
    expect(provider.searchParams.getAll('redirect_uri')).toEqual([`${site.base}/auth/callback`])
  })

  it('a filing or a self move names its page back only on the site', async () => {
    const owner = site.visitor()
    const form = bucketForm((await openPage(owner, `${site.base}/`)).html, site.base, 'potholes')
    for (const page of ['//evil.example/', 'https://evil.example/']) {
      const refused = await postForm(owner, form.action, {
        ...form.hidden,
        svc_page: page,
        street: 'Redirect Road 1',
        kind: 'pothole',
      })
      expect(refused.status, page).toBe(400)
      expect(refused.headers.get('location'), page).toBeNull()
    }
    const id = filedId(
      await fileThrough(owner, site.base, '/', 'potholes', { street: 'Redirect Road 2', kind: 'pothole' }),
    )
    const withdraw = selfMoveButtons((await openPage(owner, `${site.base}/my-reports`)).html, site.base, id)[0]
    const asked = await postForm(owner, withdraw?.action ?? new URL(site.base), {
      ...withdraw?.hidden,
      svc_page: '//evil.example/x',
    })
    expect(asked.status).toBe(200)
    const question = await asked.text()
    expect(question).not.toContain('evil.example')
    const confirm = confirmForm(question, site.base)
    const moved = await postForm(owner, confirm.action, { ...confirm.hidden, svc_page: '//evil.example/x' })
    expect(moved.status).toBe(303)
    expect(staysOnSite(moved.headers.get('location'))).toBe(true)
  })

  it('no path the service answers redirects off the site', async () => {
    for (const path of [
      '//evil.example/',
      '//evil.example/%2e%2e',
      '/\\evil.example/',
      '/%5C%5Cevil.example',
      '/about/',
      '/desk',
      '/auth/sign-out',
    ]) {
      const answer = await rawRequest(site.base, path)
      if (answer.status >= 300 && answer.status < 400)
        expect(staysOnSite(String(answer.headers.location)), path).toBe(true)
    }
  })
})
