// How fast an instance's record index catches up with SVC_RECORDS (issue 8:
// after a bus restart under load it stalled for 45 s while /readyz said ok).
// The built service (npm run build first) on a nats-server of its own:
//  1. cut off: the service reaches NATS through a loopback TCP proxy, which
//     the bench cuts while it files INDEX_EVENTS records (default 30,000)
//     through the records layer on its own connection; then the proxy is
//     restored and the bench times how long until /readyz is 200 and /report
//     counts every record, beside what the service logs as its time behind.
//  2. restart under load: visitors file through the home page form while
//     nats-server restarts; how long until /report counts what the stream
//     held at reconnect, and whether /readyz ever said ok while behind.
//  3. replay at start: a second instance on the same stream, time to ready.
// Loopback only; stops by itself. Run: npm run bench -- index-catch-up
import { createNatsBus } from '../server/bus/nats'
import { loadContent, readCompileOptions } from '../server/content/load'
import type { SiteModel } from '../server/content/model'
import { createLocalSource } from '../server/content/sources/local'
import { createRecordIndex } from '../server/records/record-index'
import { createRecords } from '../server/records/records'
import { RECORDS_STREAM } from '../server/records/types'
import { startTcpProxy } from '../test/support/tcp-proxy'
import { openFilingSession, postFiling } from './support/home-form'
import { startBenchNats } from './support/nats'
import { requireBuild, startService, type BenchService } from './support/service'
import { runConcurrently, table } from './support/timing'
import { testEffects } from '../test/records/record-effects'

const EVENTS = Number(process.env.INDEX_EVENTS ?? 30_000)
const FILERS = 20
const LOAD_MS = 3000
const DEADLINE_MS = 120_000

requireBuild()
const loaded = await loadContent(createLocalSource('examples/demo'), readCompileOptions({}))
if (!loaded.site) throw new Error('[svc] [bench] the demo site does not compile')
const site: SiteModel = loaded.site
const nats = await startBenchNats()
const proxy = await startTcpProxy(nats.url)
const service = await startService({ BUS_URL: proxy.url })
const bus = await createNatsBus({ url: nats.url })
const rows: (string | number)[][] = [['scenario', 'events behind', 'figure']]

try {
  await cutOff()
  await restartUnderLoad()
  await replayAtStart()
  console.log(`index catch-up bench: demo site, nats-server 2.9 on loopback, ${EVENTS} events filed while cut off`)
  console.log(table(rows))
} finally {
  await bus.close()
  await service.stop()
  await proxy.close()
  await nats.stop()
}

async function cutOff(): Promise<void> {
  const index = createRecordIndex(bus)
  await index.ready
  const records = createRecords({ bus, site: () => site, index, effects: testEffects(bus, index) })
  await waitUntil(async () => (await readyz(service)).status === 200, 'the service to be ready')
  await proxy.cut()
  await waitUntil(async () => (await readyz(service)).missing.includes('bus'), 'the service to lose the bus')
  const filed = await runConcurrently(EVENTS, 32, DEADLINE_MS, (_, n) =>
    records
      .file({
        bucket: 'potholes',
        storyline: site.storylines[n % 2] ?? 'plain',
        fields: { street: `Mill Lane ${n}`, kind: 'pothole' },
        submitter: `session:bench-${n}`,
        actor: { kind: 'visitor', session: `bench-${n}` },
      })
      .then(
        () => true,
        () => false,
      ),
  )
  index.close()
  const stored = await bus.lastSequence(RECORDS_STREAM)
  const behind = stored - (await reportedRecords(service))

  const restored = performance.now()
  await proxy.restore()
  let reconnectedMs: number | undefined
  let catchingUp = 0
  await waitUntil(async () => {
    const ready = await readyz(service)
    if (!ready.missing.includes('bus')) reconnectedMs ??= performance.now() - restored
    if (ready.records === 'catching up') catchingUp++
    return ready.status === 200 && (await reportedRecords(service)) === stored
  }, 'the index to count every record')
  const completeMs = performance.now() - restored
  rows.push([
    'cut off, then reconnected',
    behind,
    `behind for ${loggedBehindMs(service).at(-1)} ms as the service logs it; ${catchingUp} answers of records: ` +
      `catching up`,
  ])
  rows.push([
    '',
    '',
    `/report complete ${completeMs.toFixed(0)} ms after the proxy was restored (the client reconnected after ` +
      `${reconnectedMs?.toFixed(0)} ms)`,
  ])
  rows.push([
    '',
    '',
    `${filed.latencies.length} filed in ${(filed.elapsedMs / 1000).toFixed(1)} s, ${filed.failures} failed`,
  ])
}

async function restartUnderLoad(): Promise<void> {
  let filing = true
  const filers = Array.from({ length: FILERS }, async (_, filer) => {
    for (let n = 0; filing; n++) {
      // A browser opens the page for every filing, so each form token is fresh.
      const session = await openFilingSession(service.url, 'potholes').catch(() => null)
      const status =
        session === null
          ? 599
          : await postFiling(service.url, session, { street: `Station Road ${filer}-${n}`, kind: 'pothole' }).catch(
              () => 599,
            )
      if (status >= 400) await sleep(50)
    }
  })
  await sleep(LOAD_MS)
  await nats.restart()
  const back = performance.now()
  await waitUntil(() => bus.isConnected(), "the bench's own connection to come back")
  let atReconnect: number | undefined
  let caughtUpMs: number | undefined
  let okWhileBehind = 0
  let earlier: number | null = null
  const stopAt = back + LOAD_MS
  let stopped = 0
  await waitUntil(async () => {
    if (filing && performance.now() > stopAt) {
      filing = false
      await Promise.all(filers)
      stopped = performance.now()
    }
    const stored = await bus.lastSequence(RECORDS_STREAM).catch(() => null)
    if (stored === null) return false
    atReconnect ??= stored
    const ready = await readyz(service)
    const counted = await reportedRecords(service)
    if (ready.status === 200 && earlier !== null && counted < earlier) okWhileBehind++
    if (caughtUpMs === undefined && counted >= atReconnect) caughtUpMs = performance.now() - back
    earlier = stored
    return !filing && ready.status === 200 && counted === stored
  }, 'the index to count every record after the restart')
  rows.push([
    'restart under filing load',
    `${atReconnect} stored`,
    `/report counted what was stored at reconnect ${caughtUpMs?.toFixed(0)} ms after the server was back`,
  ])
  rows.push([
    '',
    '',
    `/report equal to the stream ${(performance.now() - stopped).toFixed(0)} ms after filing stopped; ` +
      `${okWhileBehind} ok answers while behind`,
  ])
}

async function replayAtStart(): Promise<void> {
  const stored = await bus.lastSequence(RECORDS_STREAM)
  const started = performance.now()
  const second = await startService({ BUS_URL: nats.url })
  try {
    await waitUntil(async () => (await readyz(second)).status === 200, 'the second instance to be ready')
    const readyMs = performance.now() - started
    rows.push([
      'replay at start (second instance)',
      stored,
      `ready ${readyMs.toFixed(0)} ms after spawning, ${((stored * 1000) / readyMs).toFixed(0)} events/s; /report ` +
        `counts ${await reportedRecords(second)}`,
    ])
  } finally {
    await second.stop()
  }
}

interface Readiness {
  status: number
  records: string
  missing: string[]
}

async function readyz(instance: BenchService): Promise<Readiness> {
  const response = await fetch(`${instance.url}/readyz`)
  const body = (await response.json()) as { records?: string; missing?: string[] }
  return { status: response.status, records: body.records ?? '', missing: body.missing ?? [] }
}

async function reportedRecords(instance: BenchService): Promise<number> {
  const { counts } = (await (await fetch(`${instance.url}/report?format=json`)).json()) as {
    counts: { count: number }[]
  }
  return counts.reduce((sum, entry) => sum + entry.count, 0)
}

function loggedBehindMs(instance: BenchService): number[] {
  return instance
    .output()
    .split('\n')
    .filter((line) => line.includes('the record index is current again'))
    .map((line) => (JSON.parse(line) as { behindMs: number }).behindMs)
}

async function waitUntil(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = performance.now() + DEADLINE_MS
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`[svc] [bench] gave up waiting for ${what}`)
    await sleep(5)
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
