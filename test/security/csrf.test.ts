// CSRF: another site's page makes the victim's browser post to the service
// with the victim's cookies, but without the token only the service's own
// page holds. Filing, desk moves, self moves and sign-out must refuse it and
// change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moveForms } from '../desk/desk-world'
import { readPage } from '../desk/page'
import {
  bucketForm,
  fileThrough,
  filedId,
  listItem,
  openPage,
  postForm,
  selfMoveButtons,
  type CookieFetch,
} from '../visitor/visitor-client'
import { signInAs } from '../visitor/dev-sign-in'
import { startDevSite, type DevSite } from './dev-site'

let site: DevSite
beforeAll(async () => {
  site = await startDevSite()
})
afterAll(() => site?.stop())

/** What filing anything would change. */
const counts = async () => (await fetch(`${site.base}/report`)).text()

/** A token the attacker holds: their own session's, from the service's own page. */
const attackerToken = async () =>
  bucketForm((await openPage(site.visitor(), `${site.base}/`)).html, site.base, 'potholes').hidden.svc_csrf ?? ''

const deskPage = async (client: CookieFetch, path: string) => {
  const response = await client(`${site.base}${path}`)
  return readPage(await response.text())
}

describe('CSRF', () => {
  it(
    "a cross-site filing post with the victim's cookies but no token, another session's token or as a GET " +
      'files nothing',
    async () => {
      const victim = site.visitor()
      const form = bucketForm((await openPage(victim, `${site.base}/`)).html, site.base, 'potholes')
      const { svc_csrf: token, ...rest } = form.hidden
      expect(token).toBeTruthy()
      const before = await counts()
      const fields = { ...rest, street: 'Forged Road 1', kind: 'pothole' }
      expect((await postForm(victim, form.action, fields)).status).toBe(403)
      expect((await postForm(victim, form.action, { ...fields, svc_csrf: await attackerToken() })).status).toBe(403)
      expect((await postForm(victim, form.action, { ...fields, svc_csrf: '' })).status).toBe(403)
      // As a GET it is only sent to the form's page.
      const asGet = await victim(`${form.action.href}?${new URLSearchParams({ ...fields, svc_csrf: token ?? '' })}`)
      expect([asGet.status, asGet.headers.get('location')]).toEqual([302, '/'])
      expect(await counts()).toBe(before)
    },
  )

  it(
    "an anonymous visitor's signed double submit: another cookie's token, a forged " +
      'cookie and a cross-site origin file nothing',
    async () => {
      const victim = site.visitor()
      const form = bucketForm((await openPage(victim, `${site.base}/`)).html, site.base, 'potholes')
      const fields = { ...form.hidden, street: 'Double Road 9', kind: 'pothole' }
      const before = await counts()
      // The attacker's own cookie and token pair, the cookie planted in the victim's browser.
      const attacker = site.visitor()
      const theirs = bucketForm((await openPage(attacker, `${site.base}/`)).html, site.base, 'potholes')
      const planted = victim.copy()
      planted.setCookie(site.base, 'svc_visitor', 'AAAAAAAAAAAAAAAAAAAAAA')
      expect((await postForm(planted, form.action, fields)).status).toBe(403)
      expect((await postForm(victim, form.action, { ...fields, svc_csrf: theirs.hidden.svc_csrf ?? '' })).status).toBe(
        403,
      )
      // The victim's own token, but the browser says another site sent the form.
      const foreign: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'https://evil.example' },
        { origin: 'null' },
      ]
      for (const headers of foreign) {
        const response = await victim(form.action, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body: new URLSearchParams(fields).toString(),
        })
        expect(response.status).toBe(403)
      }
      expect(await counts()).toBe(before)
      // The same post from the service's own page is taken.
      const sameSite = await victim(form.action, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          origin: site.base,
        },
        body: new URLSearchParams(fields).toString(),
      })
      expect(sameSite.status).toBe(303)
      expect(victim.cookie(site.base, 'svc_session')).toBeUndefined()
    },
  )

  it("a desk move with the caseworker's cookies but without her token moves nothing", async () => {
    const id = filedId(
      await fileThrough(site.visitor(), site.base, '/', 'potholes', { street: 'Desk Road 2', kind: 'crack' }),
    )
    const kari = await site.as('kari')
    const path = `/desk/caseworkers/potholes/${id}`
    const page = await deskPage(kari, path)
    const accept = moveForms({ status: 200, headers: new Headers(), body: '', page }).find(
      (m) => m.fields.edge === 'accept',
    )
    const { svc_csrf: token, ...rest } = accept?.fields ?? {}
    expect(token).toBeTruthy()
    const action = new URL(accept?.action ?? '', site.base)
    for (const forged of [rest, { ...rest, svc_csrf: await attackerToken() }, { ...rest, svc_csrf: `${token}x` }]) {
      expect((await postForm(kari, action, forged)).status).toBe(403)
    }
    expect((await deskPage(kari, path)).text('.desk-state')).toBe('Pothole reports: Received')
  })

  it("a self move with the submitter's cookies but without their token moves nothing", async () => {
    const owner = site.visitor()
    const id = filedId(await fileThrough(owner, site.base, '/', 'potholes', { street: 'Self Road 3', kind: 'drain' }))
    const withdraw = selfMoveButtons((await openPage(owner, `${site.base}/my-reports`)).html, site.base, id)[0]
    const { svc_csrf: _token, ...rest } = withdraw?.hidden ?? {}
    expect((await postForm(owner, withdraw?.action ?? new URL(site.base), rest)).status).toBe(403)
    expect(
      (await postForm(owner, withdraw?.action ?? new URL(site.base), { ...rest, svc_csrf: await attackerToken() }))
        .status,
    ).toBe(403)
    expect(listItem((await openPage(owner, `${site.base}/my-reports`)).html, 'Self Road 3')).toContain('Received')
  })

  it('a token from before sign-in is worthless after it: signing in starts a new session', async () => {
    const victim = site.visitor()
    const form = bucketForm((await openPage(victim, `${site.base}/`)).html, site.base, 'potholes')
    const before = await counts()
    await signInAs(victim, site.base, 'nora')
    expect(
      (await postForm(victim, form.action, { ...form.hidden, street: 'Fixated Road 4', kind: 'pothole' })).status,
    ).toBe(403)
    expect(await counts()).toBe(before)
  })

  it('a cross-site sign-out is refused, the session kept; the session cookie is HttpOnly, SameSite=Lax', async () => {
    const nora = site.visitor()
    const response = await nora(`${site.base}/auth/sign-in?return=/`)
    expect(response.headers.getSetCookie().find((line) => line.startsWith('svc_session='))).toMatch(
      /; HttpOnly.*; SameSite=Lax|; SameSite=Lax.*; HttpOnly/i,
    )
    await signInAs(nora, site.base, 'nora')
    expect((await postForm(nora, new URL('/auth/sign-out', site.base), {})).status).toBe(403)
    expect(
      (await postForm(nora, new URL('/auth/sign-out', site.base), { svc_csrf: await attackerToken() })).status,
    ).toBe(403)
    expect((await nora(`${site.base}/auth/me`)).status).toBe(200)
  })
})
