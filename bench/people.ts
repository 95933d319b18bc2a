// What people cost on the request path: a caseworker's desk page (each
// signed-in request looks up the person's memberships) and the caseworkers'
// People view, on NATS, first with no service-kept memberships (the
// reference, measured in this run), then with 5,000 active volunteers and
// 200 pending invites written to the bus. wrk, loopback, 10 s each.
// Run: npm run build, then node bench/run.mjs people
import { createCookieFetch } from '../test/auth/cookie-fetch'
import { signIn } from '../test/auth/sign-in-flow'
import { createNatsBus } from '../server/bus/nats'
import { encodeKvKey } from '../server/bus/kv-driver'
import { INVITES_KV } from '../server/people/invites'
import { MEMBERSHIPS_KV } from '../server/people/memberships'
import { hashInviteSecret, newInviteId, newInviteSecret } from '../server/people/invite-token'
import { startCaseworkerService } from './support/caseworker-service'
import { requireBuild } from './support/service'
import { requireWrk, runWrk, type WrkResult } from './support/wrk'

const ACTIVE = 5000
const PENDING = 200
const SECONDS = 10

requireBuild()
requireWrk()
const run = await startCaseworkerService('people')
const { base } = run
const kari = createCookieFetch()
await signIn(kari, base, 'kari')
const headers = { cookie: `svc_session=${kari.cookie(base, 'svc_session') ?? ''}` }

const measure = async (path: string): Promise<WrkResult> => {
  const result = await runWrk(`${base}${path}`, { seconds: SECONDS, connections: 16, headers })
  if (result.errors > 0) throw new Error(`[svc] [bench] ${path}: ${result.errors} errors`)
  return result
}

const LAST_PAGE = `/desk/caseworkers/people?group=volunteers&page=${Math.ceil((ACTIVE + PENDING) / 50)}`
const SEARCH = '/desk/caseworkers/people?q=person4321'
const before = {
  desk: await measure('/desk/caseworkers'),
  people: await measure('/desk/caseworkers/people'),
  last: await measure(LAST_PAGE),
  search: await measure(SEARCH),
}

const bus = await createNatsBus({ url: run.nats.url })
const memberships = await bus.kv(MEMBERSHIPS_KV)
const invites = await bus.kv(INVITES_KV)
const now = new Date().toISOString()
const actor = { kind: 'person', subject: 'kari', name: 'Kari' }
for (let i = 0; i < ACTIVE + PENDING; i += 100) {
  await Promise.all(
    Array.from({ length: Math.min(100, ACTIVE + PENDING - i) }, async (_, j) => {
      const n = i + j
      const email = `person${n}@example.org`
      if (n < ACTIVE) {
        const key = encodeKvKey(`sub:person${n}:volunteers`)
        await memberships.put(key, {
          group: 'volunteers',
          subject: `person${n}`,
          email,
          name: `Person ${n}`,
          state: 'active',
          source: 'invite',
          since: now,
          by: actor,
        })
        return
      }
      const id = newInviteId()
      const key = encodeKvKey(`email:${email}:volunteers`)
      await memberships.put(key, {
        group: 'volunteers',
        email,
        name: `Person ${n}`,
        state: 'invited',
        source: 'invite',
        since: now,
        by: actor,
        invite: id,
      })
      await invites.put(id, {
        id,
        group: 'volunteers',
        desk: 'caseworkers',
        name: `Person ${n}`,
        email,
        membership: key,
        state: 'open',
        expiresAt: Math.floor(Date.now() / 1000) + 3600,
        tokenHash: hashInviteSecret(newInviteSecret()),
        round: 1,
        invitedBy: actor,
        created: now,
        since: now,
      })
    }),
  )
}
await bus.close()
// The watch brings them to the instance's view.
await new Promise((resolve) => setTimeout(resolve, 2000))
const page = await (await kari(`${base}/desk/caseworkers/people?q=person${ACTIVE - 1}@`)).text()
if (!page.includes(`Person ${ACTIVE - 1}`))
  throw new Error('[svc] [bench] the People view does not find what was written')

const after = {
  desk: await measure('/desk/caseworkers'),
  people: await measure('/desk/caseworkers/people'),
  last: await measure(LAST_PAGE),
  search: await measure(SEARCH),
}
await run.stop()

const row = (name: string, ref: WrkResult, got: WrkResult) =>
  `| ${name} | ${ref.requestsPerSecond.toFixed(0)} | ${got.requestsPerSecond.toFixed(0)} | ${(got.requestsPerSecond / ref.requestsPerSecond).toFixed(3)}x | ${ref.p99Ms.toFixed(1)} ms | ${got.p99Ms.toFixed(1)} ms |`
console.log(
  `people on the request path, NATS, wrk -c16 ${SECONDS} s; reference: no memberships; then ${ACTIVE} active and ${PENDING} pending`,
)
console.log('| page | req/s, none | req/s, with | ratio | p99, none | p99, with |')
console.log('|---|---|---|---|---|---|')
console.log(row('desk page (memberships looked up per request)', before.desk, after.desk))
console.log(row('People view, first page of each group (50)', before.people, after.people))
console.log(row('People view, the last page of volunteers', before.last, after.last))
console.log(row('People view, a search', before.search, after.search))
