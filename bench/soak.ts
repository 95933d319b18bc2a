// Ten minutes of a mixed day against two instances on one nats-server: page
// views (85%), filings (10%) and a caseworker's desk (5%), spread over both
// instances by simulated people. Any instance process that exits fails the
// run at once, loudly, with what it printed last; so does any 5xx or
// unanswered request. At the end both instances must report every accepted
// filing. The built bundle runs on the Node that runs this script (the pinned
// one under `npm run`/`npx`). SOAK_SECONDS shortens it, SOAK_CLIENTS sets the
// number of simultaneous people (default 64).
// Run: npm run bench -- soak
import { readFileSync } from 'node:fs'
import { createCookieFetch } from '../test/auth/cookie-fetch'
import { signIn } from '../test/auth/sign-in-flow'
import { startTestIdp } from '../test/auth/test-idp'
import { startNatsServer } from '../test/support/nats-server'
import { freePort } from '../test/support/server'
import { requireBuild, startService, type BenchService } from './support/service'
import { quantile, table } from './support/timing'
import { fileReport, viewPage, workDesk, type Hit } from './support/visits'

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600)
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 64)
const CLIENT = { clientId: 'svc-soak', clientSecret: 'soak-client-secret' }

requireBuild()
const nats = await startNatsServer()
// A's PUBLIC_URL is needed at start, so its port is picked before.
const portA = await freePort()
const urlA = `http://127.0.0.1:${portA}`
const idp = await startTestIdp({
  ...CLIENT,
  redirectUri: `${urlA}/auth/callback`,
  accounts: [{ id: 'kari', claims: { name: 'Kari Caseworker', email: 'kari@example.org', groups: ['caseworkers'] } }],
})
const env = {
  BUS_URL: nats.url,
  IDP_URL: idp.url,
  OAUTH2_CLIENT_ID: CLIENT.clientId,
  OAUTH2_CLIENT_SECRET: CLIENT.clientSecret,
}
const instances: BenchService[] = [
  await startService({ ...env, PORT: String(portA), PUBLIC_URL: urlA }),
  await startService(env),
]

let died: string | undefined
instances.forEach(
  (instance, i) =>
    void instance.exited.then(({ code, signal }) => {
      died ??= `instance ${'AB'[i]} (pid ${instance.pid}) exited with ${signal ?? code}:\n${instance.output().slice(-4000)}`
    }),
)

// One caseworker, signed in on A; the session lives on the bus, so B knows it too.
const caseworker = createCookieFetch()
await signIn(caseworker, urlA, 'kari')
const session = caseworker.cookie(urlA, 'svc_session') ?? ''
caseworker.setCookie(instances[1]!.url, 'svc_session', session)

const hits = new Map<string, Hit[]>([
  ['page', []],
  ['filing', []],
  ['desk', []],
])
const peakRss = [0, 0]
let accepted = 0
const started = performance.now()
const deadline = started + SECONDS * 1000
const sampler = setInterval(
  () => instances.forEach((instance, i) => (peakRss[i] = Math.max(peakRss[i]!, rssMb(instance.pid)))),
  2000,
)

async function person(id: number): Promise<void> {
  for (let n = id; performance.now() < deadline && died === undefined; n += CLIENTS) {
    const base = instances[n % 2]!.url
    const roll = (n * 7919) % 100
    if (roll < 85) hits.get('page')!.push(...(await viewPage(base, n)))
    else if (roll < 95) {
      const filing = await fileReport(base, n)
      if (filing[1]?.status === 303) accepted++
      hits.get('filing')!.push(...filing)
    } else hits.get('desk')!.push(...(await workDesk(caseworker, base)))
  }
}

try {
  await Promise.all(Array.from({ length: CLIENTS }, (_, id) => person(id)))
  clearInterval(sampler)
  if (died !== undefined) throw new Error(`[svc] [bench] ${died}`)
  const elapsed = (performance.now() - started) / 1000
  const rows: (string | number)[][] = [['kind', 'requests', '5xx or none', 'req/s', 'p50 ms', 'p99 ms', 'statuses']]
  for (const [kind, list] of hits) {
    const ms = list.map((hit) => hit.ms)
    const statuses = new Map<number, number>()
    for (const hit of list) statuses.set(hit.status, (statuses.get(hit.status) ?? 0) + 1)
    rows.push([
      kind,
      list.length,
      list.filter(failed).length,
      (list.length / elapsed).toFixed(0),
      quantile(ms, 0.5).toFixed(1),
      quantile(ms, 0.99).toFixed(1),
      [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}:${count}`)
        .join(' '),
    ])
  }
  console.log(
    `soak: ${elapsed.toFixed(0)} s, ${CLIENTS} people, two instances on one nats-server, Node ${process.version}`,
  )
  console.log(table(rows))
  console.log(
    `accepted filings: ${accepted}; reported potholes per instance: ${(await reportedOnBoth(accepted)).join(', ')}`,
  )
  console.log(`peak RSS MB: A ${peakRss[0]!.toFixed(0)}, B ${peakRss[1]!.toFixed(0)}; both instances alive`)
  const failures = [...hits.values()].flat().filter(failed).length
  if (failures > 0) throw new Error(`[svc] [bench] ${failures} requests failed with a 5xx or no answer`)
} finally {
  clearInterval(sampler)
  await Promise.all(instances.map((instance) => instance.stop()))
  await idp.stop()
  await nats.stop()
}

function failed(hit: Hit): boolean {
  return hit.status === 0 || hit.status >= 500
}

function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
  } catch {
    return 0
  }
}

/** Each instance's count once both show every accepted filing, or after 10 s of waiting for that. */
async function reportedOnBoth(expected: number): Promise<number[]> {
  const until = performance.now() + 10_000
  for (;;) {
    const counts = await Promise.all(instances.map(reportedPotholes))
    if (counts.every((count) => count >= expected) || performance.now() > until) return counts
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function reportedPotholes(instance: BenchService): Promise<number> {
  const body = (await (await fetch(`${instance.url}/report`)).json()) as { counts: { bucket: string; count: number }[] }
  return body.counts.filter((c) => c.bucket === 'potholes').reduce((sum, c) => sum + c.count, 0)
}
