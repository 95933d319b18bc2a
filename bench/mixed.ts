// A day of the demo site under load: two instances of the built bundle (npm
// run build first) on one nats-server, and several hundred simulated visitors,
// each doing one thing after another with a pause between (exponential, mean
// MIXED_THINK_MS): 85% read one page anonymously (spread evenly over the pages
// found by following links from `/`), 10% open the home page and file a
// pothole through its form, 5% are a signed-in caseworker who lists the desk's
// pothole bucket (a page of 25), opens a case and moves it. Each action goes
// to either instance. Prints per kind of request its count, rate, p50/p99 and
// failures; every stream's growth on the bus beside what the visitors filed
// and the caseworkers moved; each instance's RSS. Exits non-zero on a 5xx, an
// unanswered request or an instance that ended.
// MIXED_SECONDS (default 60), MIXED_VISITORS (300), MIXED_THINK_MS (1000; 0
// makes every visitor a closed loop, a saturation test).
// Run: npm run bench -- mixed
import type { CookieFetch } from '../test/auth/cookie-fetch'
import { busGrowth, readSettledBusSize, type BusSize } from './support/bus-size'
import { HIT_HEADER, hitRow, hitRows } from './support/hit-table'
import { processMemory } from './support/process-memory'
import { requireBuild } from './support/service'
import { table } from './support/timing'
import { startTwoInstances } from './support/two-instances'
import { fileReport, findPages, viewPage, workDesk, type Hit } from './support/visits'

const SECONDS = Number(process.env.MIXED_SECONDS ?? 60)
const VISITORS = Number(process.env.MIXED_VISITORS ?? 300)
const THINK_MS = Number(process.env.MIXED_THINK_MS ?? 1000)
const SEEDED = 100
const CASEWORKERS = ['kari', 'ola', 'siri', 'jon']
const KINDS = ['page view', 'filing: form page', 'filing: post', 'desk: listing', 'desk: record', 'desk: move']

requireBuild()
const run = await startTwoInstances(
  CASEWORKERS.map((id) => ({ id, claims: { name: id, email: `${id}@example.org`, groups: ['caseworkers'] } })),
)
const { instances, nats } = run
const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(Math.random() * list.length)]
// A pause ends at the deadline at the latest, so the run takes the time asked
// for; and at ten means, so one unlucky draw does not idle a visitor for a short run.
let deadline = Number.POSITIVE_INFINITY
const pause = () => {
  const wanted = Math.min(-Math.log(1 - Math.random()), 10) * THINK_MS
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(wanted, deadline - performance.now()))))
}

try {
  const caseworkers: CookieFetch[] = []
  for (const login of CASEWORKERS) caseworkers.push(await run.signIn(login))
  const pages = await findPages(instances[0].url)
  if (!pages.includes('/about')) throw new Error(`[svc] [bench] /about not found from /: ${pages.join(' ')}`)
  const byPath = new Map(pages.map((path) => [path, [] as Hit[]]))
  const hits: Hit[] = []
  const done: Done = { filers: 0, filings: 0, moves: 0 }
  // A desk with more than a page of cases, and every kind of request on each
  // instance before the clock starts: a real day's instances are warm.
  await Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      for (let n = i; n < SEEDED; n += 10) await fileReport(instances[n % 2]!.url, -1 - n)
    }),
  )
  for (const { url } of instances) {
    for (const path of pages) await viewPage(url, path)
    await fileReport(url, 0)
    await workDesk(caseworkers[0]!, url)
  }
  const before = await readSettledBusSize(nats.url)
  const filedBefore = Math.min(...(await run.reportedPotholes(0)))
  const startRss = instances.map((instance) => processMemory(instance.pid).rssMb)

  const started = performance.now()
  deadline = started + SECONDS * 1000
  const visitor = async () => {
    for (await pause(); performance.now() < deadline && run.died() === undefined; await pause()) {
      const base = pick(instances)!.url
      const roll = Math.random() * 100
      if (roll < 85) {
        const path = pick(pages)!
        const viewed = await viewPage(base, path)
        byPath.get(path)!.push(...viewed)
        hits.push(...viewed)
      } else if (roll < 95) {
        const filing = await fileReport(base, done.filers++)
        if (filing[1]?.status === 303) done.filings++
        hits.push(...filing)
      } else {
        const work = await workDesk(pick(caseworkers)!, base, pick)
        if (work[2]?.status === 303) done.moves++
        hits.push(...work)
      }
    }
  }
  await Promise.all(Array.from({ length: VISITORS }, visitor))
  const elapsed = performance.now() - started
  const died = run.died()
  if (died !== undefined) throw new Error(`[svc] [bench] ${died}`)
  const reported = await run.reportedPotholes(filedBefore + done.filings)
  const after = await readSettledBusSize(nats.url)

  console.log(
    `mixed: ${(elapsed / 1000).toFixed(0)} s, ${VISITORS} visitors pausing ${THINK_MS} ms on average, ` +
      `two instances on one nats-server, Node ${process.version}`,
  )
  console.log(`\nrequests by kind, both instances`)
  console.log(table([HIT_HEADER, ...hitRows(hits, elapsed, KINDS), hitRow('all', hits, elapsed)]))
  console.log(`\npage views by path (${pages.length} pages found from /)`)
  console.log(
    table([['path', ...HIT_HEADER.slice(1)], ...[...byPath].map(([path, list]) => hitRow(path, list, elapsed))]),
  )

  console.log(
    `\nthe bus, before and after: ${done.filings} filings accepted of ${done.filers} tried, ` +
      `${done.moves} moves made; ` +
      `each instance's /report counts ${reported.join(', ')} potholes, ${filedBefore} of them filed before the run`,
  )
  console.log(busGrowthReport(before, after, done))
  console.log(`\ninstances`)
  console.log(
    table([
      ['instance', 'pid', 'RSS at start MB', 'peak RSS MB', 'RSS at end MB'],
      ...instances.map((instance, i) => {
        const { rssMb, peakMb } = processMemory(instance.pid)
        return ['AB'[i]!, instance.pid, startRss[i]!.toFixed(0), peakMb.toFixed(0), rssMb.toFixed(0)]
      }),
    ]),
  )
  const failures = hits.filter((hit) => hit.status === 0 || hit.status >= 500).length
  if (failures > 0) throw new Error(`[svc] [bench] ${failures} requests failed with a 5xx or no answer`)
} finally {
  await run.stop()
}

interface Done {
  /** Visitors who set out to file, accepted or not. */
  filers: number
  filings: number
  moves: number
}

/** Each stream's growth beside what visitors' filings and caseworkers' moves explain, and a verdict. */
function busGrowthReport(before: BusSize, after: BusSize, done: Done): string {
  const explained = explainedGrowth(done)
  const rows = [...busGrowth(before, after)].map(([name, grew]) => {
    const allowed = explained.get(name)
    return {
      name,
      grew,
      beyond: Math.max(0, grew.messages - (allowed?.messages ?? 0)),
      cells: [
        name,
        before.get(name)?.messages ?? 0,
        after.get(name)?.messages ?? 0,
        grew.messages,
        (grew.bytes / 1024).toFixed(1),
        done.filings === 0 ? '-' : (grew.bytes / done.filings).toFixed(0),
        allowed?.why ?? 'nothing',
      ],
    }
  })
  const header = ['stream', 'msgs before', 'msgs after', '+msgs', '+KB', '+bytes/filing', 'explained by', 'beyond']
  const messages = rows.reduce((sum, row) => sum + row.grew.messages, 0)
  const kb = (rows.reduce((sum, row) => sum + row.grew.bytes, 0) / 1024).toFixed(1)
  const beyond = rows.filter((row) => row.beyond > 0).map((row) => `${row.name} +${row.beyond}`)
  const verdict =
    beyond.length === 0
      ? 'only by what visitors filed and caseworkers moved'
      : `beyond what visitors filed and caseworkers moved: ${beyond.join(', ')} messages`
  const grown = table([header, ...rows.map((row) => [...row.cells, row.beyond])])
  return `${grown}\nthe bus grew by ${messages} messages, ${kb} KB; ${verdict}`
}

/**
 * What each stream may grow by for what the visitors and caseworkers did: an
 * event, a projection and at most one mail intent per filing or move, the
 * case's own key per filing (its personal values are sealed under it:
 * docs/privacy.md), a membership per move (a move's grant). No sessions: a
 * visitor files without one, and the caseworkers signed in before the clock
 * started.
 */
function explainedGrowth({ filings, moves }: Done) {
  const events = { messages: filings + moves, why: `${filings} filings + ${moves} moves` }
  return new Map<string, { messages: number; why: string }>([
    ['SVC_RECORDS', events],
    ['KV_svc_records', events],
    ['SVC_MAIL', events],
    ['KV_svc_record_keys', { messages: filings, why: `a key per filing (${filings})` }],
    ['KV_svc_memberships', { messages: moves, why: `a grant per move (${moves})` }],
  ])
}
