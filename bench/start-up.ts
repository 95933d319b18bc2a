// How fast an instance is ready at a million records (issue 9): the built
// service (npm run build first) on a nats-server of its own, SVC_RECORDS
// filled with START_RECORDS records (default 1,000,000: about 1.57M events).
//  1. full replay: an instance starts with no snapshot stored (the
//     reference), is timed to /readyz 200, then writes the snapshot;
//  2. from the snapshot: a second instance starts from it and the events
//     after it (a few filed once it was written).
// Each figure: ms from spawn to the first /readyz 200, the process's RSS then
// and its peak RSS until then (VmRSS, VmHWM). Loopback only; stops by itself.
// Run: npm run bench -- start-up
import { jetstream } from '@nats-io/jetstream'
import { connect } from '@nats-io/transport-node'
import { createNatsBus } from '../server/bus/nats'
import { ensureRecordStreams } from '../server/records/streams'
import { RECORDS_STREAM, recordSubject, type RecordEvent } from '../server/records/types'
import { startBenchNats } from './support/nats'
import { processMemory } from './support/process-memory'
import { requireBuild, startService, type BenchService } from './support/service'
import { eventCount, syntheticMessages } from './support/synthetic-events'
import { table } from './support/timing'

const RECORDS = Number(process.env.START_RECORDS ?? 1_000_000)
const IN_FLIGHT = 4096
const DEADLINE_MS = 600_000
// Two days old: no projection is checked at start (that is for the last
// day's events) and no timed move (14 days in the demo) is due yet.
const FILED_AT = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000)

requireBuild()
const nats = await startBenchNats()
try {
  const filledMs = await fill()
  console.log(
    `start-up bench: demo site, nats-server 2.9 on loopback, ${RECORDS} records (${eventCount(RECORDS)} events)`,
  )
  console.log(`filled SVC_RECORDS in ${(filledMs / 1000).toFixed(1)} s`)

  const replay = await measureStart('full replay (no snapshot stored)', { RECORDS_SNAPSHOT_SECONDS: '1' }, (service) =>
    waitForLine(service, 'wrote the record index snapshot'),
  )
  const written = JSON.parse(replay.line) as { bytes: number; ms: number; seq: number }
  const after = await appendAfterSnapshot()
  const snapshot = await measureStart('from the snapshot', { RECORDS_SNAPSHOT_SECONDS: '0' }, (service) =>
    waitForLine(service, 'loaded the record index snapshot'),
  )
  const loaded = JSON.parse(snapshot.line) as { ms: number; seq: number }
  if (snapshot.reported !== replay.reported + after)
    throw new Error(`[svc] [bench] /report counts ${snapshot.reported}, the full replay ${replay.reported} + ${after}`)

  console.log(
    table([
      ['start', 'ready (ms)', 'RSS at ready (MB)', 'peak RSS (MB)', '/report records'],
      ...[replay, snapshot].map((r) => [r.name, r.readyMs.toFixed(0), mb(r.rss), mb(r.peak), r.reported]),
      [
        'ratio snapshot / replay',
        (snapshot.readyMs / replay.readyMs).toFixed(3),
        (snapshot.rss / replay.rss).toFixed(2),
        (snapshot.peak / replay.peak).toFixed(2),
        '',
      ],
    ]),
  )
  console.log(
    `snapshot: ${mb(written.bytes / 1024 / 1024)} MB gzip'd, covering sequence ${written.seq}, ` +
      `written in ${written.ms} ms; ` +
      `loaded in ${loaded.ms} ms, then ${after} events after it`,
  )
  console.log(`targets: ready < 5000 ms, RSS < 300 MB`)
} finally {
  await nats.stop()
}

/** Publishes every synthetic event, IN_FLIGHT at a time on one connection (which keeps their order). */
async function fill(): Promise<number> {
  const bus = await createNatsBus({ url: nats.url })
  await ensureRecordStreams(bus)
  await bus.close()
  const nc = await connect({ servers: nats.url })
  const js = jetstream(nc)
  const started = performance.now()
  let pending: Promise<unknown>[] = []
  for (const message of syntheticMessages(RECORDS, FILED_AT)) {
    pending.push(js.publish(message.subject, message.data))
    if (pending.length === IN_FLIGHT) {
      await Promise.all(pending)
      pending = []
    }
  }
  await Promise.all(pending)
  await nc.close()
  return performance.now() - started
}

/** A few records filed once the snapshot is stored, as on any running site; answers how many. */
async function appendAfterSnapshot(): Promise<number> {
  const bus = await createNatsBus({ url: nats.url })
  const extra = 100
  for (let n = 0; n < extra; n++) {
    const id = `l${n.toString(36).padStart(15, '0')}`
    const filed: RecordEvent = {
      v: 1,
      type: 'filed',
      record: id,
      bucket: 'potholes',
      storyline: 'plain',
      time: new Date().toISOString(),
      actor: { kind: 'visitor', session: id },
      to: 'new',
      fields: { street: `Late Lane ${n}`, kind: 'pothole' },
      submitter: `session:${id}`,
    }
    await bus.append(RECORDS_STREAM, recordSubject('potholes', id), filed)
  }
  await bus.close()
  return extra
}

interface Start {
  readonly name: string
  readonly readyMs: number
  readonly rss: number
  readonly peak: number
  readonly reported: number
  /** The log line `then` waited for. */
  readonly line: string
}

async function measureStart(
  name: string,
  env: Record<string, string>,
  then: (service: BenchService) => Promise<string>,
): Promise<Start> {
  const spawned = performance.now()
  const service = await startService({ BUS_URL: nats.url, ...env })
  try {
    await waitUntil(async () => (await fetch(`${service.url}/readyz`)).status === 200, `${name}: /readyz 200`)
    const readyMs = performance.now() - spawned
    const { rssMb: rss, peakMb: peak } = processMemory(service.pid)
    const reported = await reportedRecords(service)
    return { name, readyMs, rss, peak, reported, line: await then(service) }
  } finally {
    await service.stop()
  }
}

async function reportedRecords(service: BenchService): Promise<number> {
  const { counts } = (await (await fetch(`${service.url}/report?format=json`)).json()) as {
    counts: { count: number }[]
  }
  return counts.reduce((sum, entry) => sum + entry.count, 0)
}

async function waitForLine(service: BenchService, message: string): Promise<string> {
  let found: string | undefined
  await waitUntil(() => {
    found = service
      .output()
      .split('\n')
      .find((line) => line.includes(`"message":"${message}"`))
    return found !== undefined
  }, `the line "${message}"`)
  return found ?? ''
}

async function waitUntil(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = performance.now() + DEADLINE_MS
  while (
    !(await Promise.resolve()
      .then(check)
      .catch(() => false))
  ) {
    if (performance.now() > deadline) throw new Error(`[svc] [bench] gave up waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function mb(megabytes: number): string {
  return megabytes.toFixed(0)
}
