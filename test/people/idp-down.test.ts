// SPEC 1 rule 3, 7 rules 5 and 6, 8 (Retry gap), on PEOPLE_BACKEND=idp: the
// identity provider's SCIM side answers 503 for the first two minutes. The
// service starts and serves all the same; the set-up of the first person and
// of the responsible people fails, is tried again a minute apart, and once
// the provider answers makes each account exactly once. The service runs on a
// clock twenty times fast (test/support/fast-clock.ts): the real scheduler
// crosses real minute boundaries, three seconds apart.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServiceWithIdp, type ServiceWithIdp } from '../auth/service-with-idp'
import { waitFor } from '../bus/wait'
import { fastClock } from '../support/fast-clock'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startScimServer, type TestScim } from '../support/scim-server'
import { DEMO } from '../support/server'

const content = mkdtempSync(join(tmpdir(), 'svc-idp-down-'))
const RATE = 20
const MINUTE = 60_000 / RATE
const RESPONSIBLE = 'rut.retry@example.org'
const FIRST = 'first.person@example.org'
let nats: NatsServer
let scim: TestScim
let run: ServiceWithIdp

beforeAll(async () => {
  cpSync(DEMO, content, { recursive: true })
  const potholes = join(content, 'pages', 'potholes.yaml')
  writeFileSync(
    potholes,
    readFileSync(potholes, 'utf8').replace(
      'responsible:\n',
      `responsible:\n  - { name: Rut Retry, email: ${RESPONSIBLE} }\n`,
    ),
  )
  nats = await startNatsServer()
  scim = await startScimServer()
  scim.fault('unavailable', Infinity)
  run = await startServiceWithIdp({
    accounts: () => scim.accounts(),
    env: {
      BUS_URL: nats.url,
      CONTENT_REPO: content,
      PEOPLE_BACKEND: 'idp',
      IDP_API_TOKEN: scim.token,
      IDP_SCIM_URL: scim.url,
      RESPONSIBLE_GROUP: 'stewards',
      SEED_ADMIN_EMAIL: FIRST,
      ...fastClock(RATE),
    },
  })
}, 60_000)

afterAll(async () => {
  await run?.stop()
  await scim?.stop()
  await nats?.stop()
  rmSync(content, { recursive: true, force: true })
})

const accounts = (email: string) =>
  [...scim.users.values()].filter((user) => user.emails?.some((e) => e.value === email)).length
const count = (text: string) => run.output().split(text).length - 1
const SEED_FAILED = 'set-up of the first person failed; trying again in a minute'
const RUT_FAILED = 'not set up; trying again in a minute","person":"email:rut.retry@example.org"'

describe('the identity provider down at start', () => {
  it(
    'Accounts the content mandates 3, Errors 5 and 6, Limits: Retry gap: 503 for two minutes delays the set-up without a refusal and without a duplicate account',
    { timeout: 60_000 },
    async () => {
      await waitFor(() => count(SEED_FAILED) >= 1 && count(RUT_FAILED) >= 1, 20_000, 'both set-ups failing')
      const started = Date.now()
      // Serving all the same.
      expect((await fetch(`${run.service}/readyz`)).status).toBe(200)
      expect((await fetch(`${run.service}/potholes`)).status).toBe(200)
      expect(accounts(RESPONSIBLE) + accounts(FIRST)).toBe(0)
      // A 503 is never "no such person": nothing was created while it lasted.
      await new Promise((resolve) => setTimeout(resolve, 2 * MINUTE - (Date.now() - started)))
      expect(scim.users.size).toBe(0)
      // Retried a minute apart, not in a tight loop: at start, then once or twice more in two minutes.
      for (const failed of [count(SEED_FAILED), count(RUT_FAILED)]) {
        expect(failed).toBeGreaterThanOrEqual(2)
        expect(failed).toBeLessThanOrEqual(3)
      }
      scim.fault(null)
      await waitFor(() => accounts(RESPONSIBLE) === 1 && accounts(FIRST) === 1, 15_000, 'both accounts after a retry')
      await new Promise((resolve) => setTimeout(resolve, 1000))
      expect([accounts(RESPONSIBLE), accounts(FIRST)]).toEqual([1, 1])
      expect(run.output()).not.toMatch(/"level":"fatal"/)
    },
  )
})
