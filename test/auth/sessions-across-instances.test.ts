// Sessions are read from memory on each instance (server/sessions/cached-kv.ts);
// a sign-out on one instance must still end the session on every other at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startDevServer, type RunningServer } from '../support/server'
import { signInAs } from '../visitor/dev-sign-in'
import { createCookieFetch, readForm } from './cookie-fetch'

let nats: NatsServer
let one: RunningServer & { site: string }
let two: RunningServer & { site: string }

beforeAll(async () => {
  nats = await startNatsServer()
  ;[one, two] = await Promise.all([startDevServer({ BUS_URL: nats.url }), startDevServer({ BUS_URL: nats.url })])
})

afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()])
  await nats?.stop()
})

describe('a session kept in memory per instance', () => {
  it('signed out on one instance, it is refused by the other though that one had it in memory', async () => {
    const browser = createCookieFetch()
    browser.setCookie(one.site, 'svc_story', 'plain')
    await signInAs(browser, one.site, 'kari')
    const session = browser.cookie(one.site, 'svc_session') ?? ''
    const onTwo = () => fetch(`${two.site}/auth/me`, { headers: { cookie: `svc_session=${session}` } })
    // Read twice on the other instance: the second read is from its memory.
    for (let read = 0; read < 2; read++) expect((await onTwo()).status).toBe(200)

    const page = await (await browser(`${one.site}/`)).text()
    const signOut = readForm(page.slice(page.indexOf('action="/auth/sign-out"') - 40), one.site)
    const out = await browser(signOut.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(signOut.fields).toString(),
    })
    expect(out.status).toBe(303)
    await waitFor(async () => (await onTwo()).status === 401, 5000, 'the other instance to refuse the session')
  })
})
