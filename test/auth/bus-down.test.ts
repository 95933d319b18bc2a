// A request that needs a session while the bus is gone gets a short 503 at
// once instead of hanging; the rate limit still comes before it.
import { PAGE_HEADERS } from '../../server/http/page-headers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { createCookieFetch } from './cookie-fetch'
import { me, ROLF } from './people'
import { startServiceWithIdp, type ServiceWithIdp } from './service-with-idp'
import { signIn } from './sign-in-flow'

let nats: NatsServer
let run: ServiceWithIdp
beforeAll(async () => {
  nats = await startNatsServer()
  // Loopback is a trusted proxy, so X-Forwarded-For names the caller.
  run = await startServiceWithIdp({
    accounts: [ROLF],
    env: { BUS_URL: nats.url, SVC_RATE_BURST: '20', SVC_RATE_PER_SECOND: '0.01' },
  })
})
afterAll(async () => {
  await run?.stop()
  await nats?.stop()
})

describe('sessions on a NATS bus that goes away', () => {
  it(
    'Errors 1 and Limits: Placement: an over-limit caller is turned away before its session is loaded; ' +
      'sessions answer 503 fast while the bus is down',
    async () => {
      const client = createCookieFetch()
      await signIn(client, run.service, 'rolf')
      expect((await me(client, run.service)).status).toBe(200)

      await nats.down()
      const started = Date.now()
      const response = await client(`${run.service}/`)
      expect(response.status).toBe(503)
      expect(Date.now() - started).toBeLessThan(3_000)
      expect(await response.text()).toContain('Signed-in visits cannot be served right now.')
      for (const [name, value] of Object.entries(PAGE_HEADERS)) expect(response.headers.get(name), name).toBe(value)
      // A visitor without a session cookie reading a page without a form never needs the bus.
      expect((await fetch(`${run.service}/about`)).status).toBe(200)
      // A filing post, answered in front of the app (server/nitro/fast-filing-plugin.ts), loads the session alike.
      const file = (headers: Record<string, string> = {}) =>
        client(`${run.service}/file/potholes`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body: 'street=Mill+Lane+1&kind=pothole',
        })
      const filing = await file()
      expect(filing.status).toBe(503)
      expect(await filing.text()).toContain('Signed-in visits cannot be served right now.')

      // An over-limit caller is turned away before its session is looked at.
      const statuses: number[] = []
      for (let i = 0; i < 21; i++) {
        statuses.push((await client(`${run.service}/`, { headers: { 'x-forwarded-for': '203.0.113.7' } })).status)
      }
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(503))
      expect(statuses[20]).toBe(429)
      const posted: number[] = []
      for (let i = 0; i < 21; i++) posted.push((await file({ 'x-forwarded-for': '203.0.113.8' })).status)
      expect(posted.slice(0, 20)).toEqual(Array(20).fill(503))
      expect(posted[20]).toBe(429)
      expect((await fetch(`${run.service}/readyz`)).status).toBe(503)

      // The service reconnects by itself, and the session acknowledged before
      // the outage is still there: nothing acknowledged is lost.
      await nats.up()
      await expect
        .poll(async () => (await fetch(`${run.service}/readyz`)).status, { timeout: 10_000, interval: 200 })
        .toBe(200)
      expect(await me(client, run.service)).toMatchObject({ status: 200, body: { subject: 'rolf' } })
    },
  )
})
