// Issue 26 journey 1: the capability a mail's case link carries (`?k=`)
// opens that one case as its submitter sees it, on any device, until it runs
// out; anything else it is made to say gets the 404 a missing case gets, a
// closed case shows but moves nothing, and the page's address (a credential)
// never leaves as a referrer. The key is on the bus, so the test makes its
// own tokens with it, past ends included.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import { readOrCreateSecret } from '../../server/bus/shared-secret'
import type { Bus } from '../../server/bus/types'
import { makeCaseToken } from '../../server/visitor/case-token'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import {
  confirmForm,
  fileThrough,
  filedId,
  openPage,
  postForm,
  selfMoveButtons,
  type CookieFetch,
} from '../visitor/visitor-client'
import { startDevSite, type DevSite } from './dev-site'

const STREET = `Capability Lane ${randomBytes(4).toString('hex')}`
const OTHER = `Other Lane ${randomBytes(4).toString('hex')}`
const DAY = 86_400_000

let nats: NatsServer
let bus: Bus
let site: DevSite
let secret: Buffer
let id: string
let otherId: string
beforeAll(async () => {
  nats = await startNatsServer()
  bus = await createNatsBus({ url: nats.url })
  // Made here first, so the service signs and checks with this very key.
  secret = await readOrCreateSecret(bus, 'case-link')
  site = await startDevSite({}, { BUS_URL: nats.url })
  const filer = site.visitor()
  const fields = { kind: 'pothole', email: 'bo.plain@example.org' }
  id = filedId(await fileThrough(filer, site.base, '/', 'potholes', { ...fields, street: STREET }))
  otherId = filedId(await fileThrough(site.visitor(), site.base, '/', 'potholes', { ...fields, street: OTHER }))
}, 60_000)
afterAll(async () => {
  await site?.stop()
  await bus?.close()
  await nats?.stop()
})

const caseUrl = (token: string, of = id) => `${site.base}/my/potholes/${of}?k=${encodeURIComponent(token)}`
const valid = (of = id) => makeCaseToken(secret, 'potholes', of, new Date(Date.now() + 30 * DAY))

async function get(client: CookieFetch, url: string) {
  const response = await client(url)
  return { status: response.status, body: await response.text(), headers: response.headers }
}

describe('issue 26 journey 1: the case capability in a mail link', () => {
  it('issue 26 journey 1: opens the case on another device, signed in as nobody, with no referrer sent on', async () => {
    const token = valid()
    const page = await get(site.visitor(), caseUrl(token))
    expect(page.status).toBe(200)
    expect(page.body).toContain(STREET)
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    expect(page.headers.get('cache-control')).toContain('no-store')
    // Its self-move forms carry the capability on.
    const [withdraw] = selfMoveButtons(page.body, site.base, id)
    expect(withdraw?.hidden.k).toBe(token)
  })

  it('issue 26 journey 1: an altered, expired or other-case token gets the 404 a missing case gets', async () => {
    const client = site.visitor()
    const madeUp = 'AAAAAAAAAAAAAAAA'
    const nothing = await get(client, `${site.base}/my/potholes/${madeUp}`)
    expect(nothing.status).toBe(404)
    const token = valid()
    const tag = token.split('.')[1] ?? ''
    const altered = [
      `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
      `${(Math.floor(Date.now() / 1000) + 400 * 86_400).toString(36)}.${tag}`,
      token.toUpperCase(),
      '',
    ]
    const expired = makeCaseToken(secret, 'potholes', id, new Date(Date.now() - 1000))
    const forged = makeCaseToken(randomBytes(32), 'potholes', id, new Date(Date.now() + DAY))
    for (const bad of [...altered, expired, forged, valid(otherId)]) {
      const page = await get(client, caseUrl(bad))
      expect(page.status, bad).toBe(404)
      expect(page.body).not.toContain(STREET)
      expect(page.body.replaceAll(id, madeUp)).toBe(nothing.body)
      expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    }
    // Another case's token does not open this one's self moves either.
    const holder = site.visitor()
    const opened = await get(holder, caseUrl(valid()))
    const [button] = selfMoveButtons(opened.body, site.base, id)
    if (button === undefined) throw new Error('no self move on the case page')
    const refused = await postForm(holder, button.action, { ...button.hidden, k: valid(otherId) })
    expect(refused.status).not.toBe(303)
    expect(selfMoveButtons((await get(holder, caseUrl(valid()))).body, site.base, id)).toHaveLength(1)
  })

  it('issue 26 journey 1: a token replayed after the case is closed still shows it, but offers and takes no move', async () => {
    const holder = site.visitor()
    const token = valid()
    const opened = await get(holder, caseUrl(token))
    const [button] = selfMoveButtons(opened.body, site.base, id)
    if (button === undefined) throw new Error('no self move on the case page')
    // Withdrawing asks again; the answer yes closes the case and comes back with the capability.
    const asked = await postForm(holder, button.action, button.hidden)
    expect(asked.status).toBe(200)
    expect(asked.headers.get('referrer-policy')).toBe('no-referrer')
    const yes = confirmForm(await asked.text(), site.base)
    // The page sends no referrer, so the browser posts its answer with `Origin: null`: taken only when it says same-origin.
    const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' }
    for (const from of ['cross-site', 'same-site']) {
      const body = new URLSearchParams(yes.hidden).toString()
      const forged = await holder(yes.action, { method: 'POST', headers: { ...headers, 'sec-fetch-site': from }, body })
      expect(forged.status).toBe(403)
    }
    expect(yes.hidden.k).toBe(token)
    const done = await postForm(holder, yes.action, yes.hidden)
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe(`/my/potholes/${id}?k=${encodeURIComponent(token)}&moved=${id}`)

    const later = await get(site.visitor(), caseUrl(token))
    expect(later.status).toBe(200)
    expect(later.body).toContain(STREET)
    expect(selfMoveButtons(later.body, site.base, id)).toHaveLength(0)
    // The old button, sent again with the capability or as a new press, moves nothing.
    const replayed = await postForm(holder, button.action, { ...button.hidden, svc_confirmed: 'yes' })
    expect(replayed.status).not.toBe(303)
    const fresh = { ...button.hidden, svc_submission: randomBytes(16).toString('base64url'), svc_confirmed: 'yes' }
    expect((await postForm(holder, button.action, fresh)).status).not.toBe(303)
    const { html } = await openPage(site.visitor(), caseUrl(token))
    expect(html).toContain(STREET)
  })
})
