// Ten minutes of a mixed day against two instances on one nats-server: page
// views (85%), filings (10%), a caseworker's desk (3%) and People view with
// an invite (2%), spread over both
// instances by simulated people. Any instance process that exits fails the
// run at once, loudly, with what it printed last; so does any 5xx or
// unanswered request. At the end both instances must report every accepted
// filing. The built bundle runs on the Node that runs this script (the pinned
// one under `npm run`/`npx`). SOAK_SECONDS shortens it, SOAK_CLIENTS sets the
// number of simultaneous people (default 64).
// Run: npm run bench -- soak
import { HIT_HEADER, hitRows } from './support/hit-table'
import { processMemory } from './support/process-memory'
import { requireBuild } from './support/service'
import { table } from './support/timing'
import { startTwoInstances } from './support/two-instances'
import { fileReport, viewPage, workDesk, workPeople, type Hit } from './support/visits'

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600)
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 64)
const PAGES = ['/', '/about', '/potholes', '/districts', '/my-reports', '/report', '/healthz']

requireBuild()
const run = await startTwoInstances([
  { id: 'kari', claims: { name: 'Kari Caseworker', email: 'kari@example.org', groups: ['caseworkers'] } },
])
const { instances } = run

try {
  const caseworker = await run.signIn('kari')
  const hits: Hit[] = []
  let accepted = 0
  const started = performance.now()
  const deadline = started + SECONDS * 1000

  const person = async (id: number) => {
    for (let n = id; performance.now() < deadline && run.died() === undefined; n += CLIENTS) {
      const base = instances[n % 2]!.url
      const roll = (n * 7919) % 100
      if (roll < 85) hits.push(...(await viewPage(base, PAGES[n % PAGES.length]!)))
      else if (roll < 95) {
        const filing = await fileReport(base, n)
        if (filing[1]?.status === 303) accepted++
        hits.push(...filing)
      } else if (roll < 98) hits.push(...(await workDesk(caseworker, base)))
      else hits.push(...(await workPeople(caseworker, base, n)))
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, (_, id) => person(id)))
  const died = run.died()
  if (died !== undefined) throw new Error(`[svc] [bench] ${died}`)
  const elapsed = performance.now() - started
  console.log(
    `soak: ${(elapsed / 1000).toFixed(0)} s, ${CLIENTS} people, two instances on one nats-server, ` +
      `Node ${process.version}`,
  )
  console.log(table([HIT_HEADER, ...hitRows(hits, elapsed)]))
  const reported = await run.reportedPotholes(accepted)
  console.log(`accepted filings: ${accepted}; reported potholes per instance: ${reported.join(', ')}`)
  const [a, b] = instances.map((instance) => processMemory(instance.pid).peakMb.toFixed(0))
  console.log(`peak RSS MB: A ${a}, B ${b}; both instances alive`)
  // What fails the soak is a 5xx or no answer; the table also counts statuses a working service would not give.
  const failures = hits.filter((hit) => hit.status === 0 || hit.status >= 500).length
  if (failures > 0) throw new Error(`[svc] [bench] ${failures} requests failed with a 5xx or no answer`)
} finally {
  await run.stop()
}
