// How fast records are filed: the built service (npm run build first) on a
// nats-server of its own (random port, throwaway store), filing through the
// real route as a browser does (GET /, then POST /file/potholes url-encoded
// with the session cookie and svc_csrf) at 1, 10 and 50 concurrent clients.
// Until that route exists it measures records.file() in-process on the same
// NATS instead, and says so. For comparison, the raw JetStream publish rate
// from Node on a scratch stream. Loopback only; stops by itself.
// Run: node bench/run.mjs records
import { jetstream, jetstreamManager } from '@nats-io/jetstream'
import { connect } from '@nats-io/transport-node'
import { createNatsBus } from '../server/bus/nats'
import { loadContent, readCompileOptions } from '../server/content/load'
import { createLocalSource } from '../server/content/sources/local'
import { createRecordIndex } from '../server/records/record-index'
import { createRecords } from '../server/records/records'
import { startNatsServer } from '../test/support/nats-server'
import { openFilingSession, postFiling, type FilingSession } from './support/home-form'
import { requireBuild, startService } from './support/service'
import { quantile, runConcurrently, table, type Run } from './support/timing'

const LEVELS = [1, 10, 50]
const RECORDS_PER_LEVEL = 1000
const PUBLISHES_PER_LEVEL = 2000
const WARM_UP = 20
const LEVEL_DEADLINE_MS = 60_000

requireBuild()
const nats = await startNatsServer()
const service = await startService({ BUS_URL: nats.url }).catch(async (error: unknown) => {
  await nats.stop()
  throw error
})
const street = (n: number) => ({ street: `Mill Lane ${n}`, kind: 'pothole' })
const rows: (string | number)[][] = [['clients', 'records', 'failed', 'records/s', 'p50 ms', 'p99 ms']]
const row = (workers: number, run: Run) => [
  workers,
  run.latencies.length,
  run.failures,
  ((run.latencies.length * 1000) / run.elapsedMs).toFixed(0),
  quantile(run.latencies, 0.5).toFixed(2),
  quantile(run.latencies, 0.99).toFixed(2),
]

try {
  const probe = await openFilingSession(service.url, 'potholes')
  const probeStatus = probe === null ? null : await postFiling(service.url, probe, street(0))
  if (probe !== null && probeStatus !== null && probeStatus < 400) {
    console.log(
      `filing over HTTP: GET / then POST /file/potholes (url-encoded, session cookie, svc_csrf), ${RECORDS_PER_LEVEL} records per level`,
    )
    let filed = 1
    const file = async (sessions: FilingSession[], worker: number, n: number) => {
      const ok = (await postFiling(service.url, sessions[worker]!, street(n)).catch(() => 599)) < 400
      if (ok) filed++
      return ok
    }
    const warm = [probe]
    await runConcurrently(WARM_UP, 1, LEVEL_DEADLINE_MS, (w, n) => file(warm, w, n))
    for (const workers of LEVELS) {
      // One browser per client: its own session cookie and token.
      const sessions = await Promise.all(
        Array.from({ length: workers }, async () => (await openFilingSession(service.url, 'potholes'))!),
      )
      rows.push(
        row(
          workers,
          await runConcurrently(RECORDS_PER_LEVEL, workers, LEVEL_DEADLINE_MS, (w, n) => file(sessions, w, n)),
        ),
      )
    }
    console.log(table(rows))
    console.log(`GET /report counts ${await reportedPotholes(filed)} potholes after ${filed} accepted filings`)
  } else {
    const why =
      probe === null
        ? 'the home page has no form posting to /file/potholes'
        : `POST /file/potholes answered ${probeStatus}`
    console.log(`NOT over HTTP: ${why} (the filing route is not there yet).`)
    console.log(
      `Measuring records.file() in-process instead: the records layer on its own NATS connection to the same server, ${RECORDS_PER_LEVEL} records per level`,
    )
    const { site, diagnostics } = await loadContent(createLocalSource('examples/demo'), readCompileOptions({}))
    if (!site)
      throw new Error(`[svc] [bench] the demo site does not compile: ${diagnostics.map((d) => d.message).join('; ')}`)
    const bus = await createNatsBus({ url: nats.url })
    const index = createRecordIndex(bus)
    await index.ready
    const records = createRecords({ bus, site: () => site, index, publicUrl: '' })
    const file = (n: number) =>
      records
        .file({
          bucket: 'potholes',
          storyline: site.storylines[n % 2] ?? 'plain',
          fields: street(n),
          submitter: `session:bench-${n}`,
          actor: { kind: 'visitor', session: `bench-${n}` },
        })
        .then(
          () => true,
          () => false,
        )
    await runConcurrently(WARM_UP, 1, LEVEL_DEADLINE_MS, (_, n) => file(n))
    for (const workers of LEVELS)
      rows.push(row(workers, await runConcurrently(RECORDS_PER_LEVEL, workers, LEVEL_DEADLINE_MS, (_, n) => file(n))))
    console.log(table(rows))
    const filed = WARM_UP + rows.slice(1).reduce((sum, r) => sum + Number(r[1]), 0)
    console.log(`GET /report on the service counts ${await reportedPotholes(filed)} potholes after ${filed} filings`)
    index.close()
    await bus.close()
  }
  await rawPublish(nats.url)
} finally {
  await service.stop()
  await nats.stop()
}

// The service's own count, once its index has seen everything filed (or 10 s passed).
async function reportedPotholes(expected: number): Promise<number> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const { counts } = (await (await fetch(`${service.url}/report`)).json()) as {
      counts: { bucket: string; count: number }[]
    }
    const total = counts.filter((c) => c.bucket === 'potholes').reduce((sum, c) => sum + c.count, 0)
    if (total >= expected || Date.now() > deadline) return total
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function rawPublish(url: string): Promise<void> {
  const nc = await connect({ servers: url })
  try {
    const jsm = await jetstreamManager(nc)
    await jsm.streams.add({ name: 'BENCH_SCRATCH', subjects: ['bench.scratch.>'] })
    const js = jetstream(nc)
    // About the size of a filed record event.
    const payload = new TextEncoder().encode(
      JSON.stringify({
        v: 1,
        type: 'filed',
        record: 'AAAAAAAAAAAAAAAA',
        bucket: 'potholes',
        storyline: 'plain',
        actor: { kind: 'visitor', session: 'x'.repeat(43) },
        time: new Date().toISOString(),
        to: 'new',
        fields: street(1),
        submitter: `session:${'x'.repeat(43)}`,
      }),
    )
    const publish = (n: number) =>
      js.publish(`bench.scratch.${n}`, payload).then(
        () => true,
        () => false,
      )
    await runConcurrently(WARM_UP, 1, LEVEL_DEADLINE_MS, (_, n) => publish(n))
    const raw: (string | number)[][] = [['in flight', 'messages', 'failed', 'msgs/s', 'p50 ms', 'p99 ms']]
    for (const workers of LEVELS)
      raw.push(
        row(workers, await runConcurrently(PUBLISHES_PER_LEVEL, workers, LEVEL_DEADLINE_MS, (_, n) => publish(n))),
      )
    console.log(
      `\nraw JetStream publish from Node for comparison: js.publish awaited, scratch stream, ${payload.length}-byte payload, no msgID or expected sequence`,
    )
    console.log(table(raw))
  } finally {
    await nc.close()
  }
}
