// How fast records are filed, beside what the bus and the framework allow, in
// one run on one nats-server of its own (random port, throwaway store), at 1,
// 10 and 50 clients each awaiting one request at a time:
// - the service: the built bundle (npm run build first) filing through the
//   real route as a browser does (GET / once per client for its cookies and
//   svc_csrf, then POST /file/potholes url-encoded);
// - node:http: a bare node:http handler reading the same url-encoded body,
//   publishing it to JetStream, awaiting the ack and redirecting (303), the
//   floor the issue sets the target against (./support/h3-reference.ts);
// - h3 minimal: a bare h3 app reading the same url-encoded body and publishing
//   it to JetStream, driven by the same client loop (./support/h3-reference.ts);
// - raw publish: js.publish from Node on a scratch stream, awaited.
// Prints each one's rate and p50/p99, the ratios against node:http (rate
// and p99), h3 minimal and raw, and what a request cost the bench's process,
// the service and nats-server in CPU time, which the ratio follows on a
// machine they share.
// RECORDS_PER_LEVEL (default 720 per client, at least 10000) filings and
// reference posts per level, twice that many raw publishes, in RECORDS_ROUNDS
// (default 9) rounds of the
// four one after another, so a neighbour that slows the machine for a while
// slows each of them alike; RECORDS_LEVELS (default 1,10,50) the client
// counts; RECORDS_WARM_UP (default 10000) posts to each at 50 clients before
// the first level. Loopback only; stops by itself.
// Run: npm run bench -- records
import { jetstream, jetstreamManager } from '@nats-io/jetstream'
import { connect } from '@nats-io/transport-node'
import { isMainThread } from 'node:worker_threads'
import { newSubmissionToken } from '../server/forms/submission-token'
import { SUBMISSION_FIELD } from '../server/forms/service-fields'
import { stopOnExit } from './support/cleanup'
import { serveH3Reference, startH3Reference } from './support/h3-reference'
import { openFilingSession, postFiling, type FilingSession } from './support/home-form'
import { processCpuMs } from './support/process-cpu'
import { startBenchNats } from './support/nats'
import { requireBuild, startService } from './support/service'
import { quantile, runConcurrently, table, type Run } from './support/timing'

const LEVELS = (process.env.RECORDS_LEVELS ?? '1,10,50').split(',').map(Number)
// Nine rounds of 4,000 at 50 clients (about 2 s each): three runs of one build judged it 0.617x-0.647x. Five rounds
// of 2,000 (about 1 s each) judged the same build anywhere from 0.52x to 0.74x, single rounds 0.46x to 0.83x, so a
// change worth 0.05x could not be told from none.
const RECORDS_PER_CLIENT = 720
const perLevel = (clients: number) =>
  Number(process.env.RECORDS_PER_LEVEL ?? Math.max(10_000, RECORDS_PER_CLIENT * clients))
const ROUNDS = Math.max(1, Number(process.env.RECORDS_ROUNDS ?? 9))
// Before any level, each measure is sent this many posts at 50 clients, so
// every one runs compiled code: the service has far more of it to warm than a
// bare handler. After 1,000 posts its compiler threads still took a third as
// much CPU again as its main thread did, and rounds of 200 filings swung from
// 0.3x to 0.8x: the first level measured its JIT and the ratio its noise.
const WARM_UP = Number(process.env.RECORDS_WARM_UP ?? 10_000)
const WARM_UP_CLIENTS = 50
const LEVEL_DEADLINE_MS = 60_000
const MEASURES = ['raw publish', 'node:http', 'h3 minimal', 'service'] as const
type Measure = (typeof MEASURES)[number]

// Each post a new filing, as if its browser had loaded the form again: the
// form's one-time token (svc_submission) is random and bound to nothing, and a
// post repeating one is answered with the record the first one filed.
const street = (n: number) => ({ street: `Mill Lane ${n}`, kind: 'pothole', [SUBMISSION_FIELD]: newSubmissionToken() })

if (isMainThread) await main()
else await serveH3Reference()

async function main(): Promise<void> {
  requireBuild()
  const nats = await startBenchNats()
  const started: { stop: () => Promise<void> }[] = [nats]
  try {
    const service = await startService({ BUS_URL: nats.url })
    started.push(service)
    const h3 = stopOnExit(await startH3Reference(nats.url, '/file/potholes'))
    started.push(h3)
    const http = stopOnExit(await startH3Reference(nats.url, '/file/potholes', 'node:http'))
    started.push(http)
    const raw = await openRawPublisher(nats.url)
    started.push(raw)

    const probe = await openFilingSession(service.url, 'potholes')
    if (probe === null) throw new Error('[svc] [bench] the home page has no form posting to /file/potholes')
    const probeStatus = await postFiling(service.url, probe, street(0))
    if (probeStatus >= 400) throw new Error(`[svc] [bench] POST /file/potholes answered ${probeStatus}`)
    let filed = 1
    const post = async (base: string, session: FilingSession, n: number) => {
      const ok = (await postFiling(base, session, street(n)).catch(() => 599)) < 400
      if (ok && base === service.url) filed++
      return ok
    }
    // The references get the service's form fields, so their bodies are the same size; they read no cookie.
    const h3Session = { ...probe, cookie: '' }
    const browsers = new Map<number, FilingSession[]>()
    const measure = async (what: Measure, workers: number, total: number): Promise<Run> => {
      if (what === 'raw publish')
        return runConcurrently(total * 2, workers, LEVEL_DEADLINE_MS, (_, n) => raw.publish(n))
      if (what === 'node:http')
        return runConcurrently(total, workers, LEVEL_DEADLINE_MS, (_, n) => post(http.url, h3Session, n))
      if (what === 'h3 minimal')
        return runConcurrently(total, workers, LEVEL_DEADLINE_MS, (_, n) => post(h3.url, h3Session, n))
      // One browser per client: its own session cookie and CSRF token, the same in every round of a level.
      let sessions = browsers.get(workers)
      if (sessions === undefined) {
        sessions = await Promise.all(
          Array.from({ length: workers }, async () => (await openFilingSession(service.url, 'potholes'))!),
        )
        browsers.set(workers, sessions)
      }
      const opened = sessions
      return runConcurrently(total, workers, LEVEL_DEADLINE_MS, (w, n) => post(service.url, opened[w]!, n))
    }

    for (const what of MEASURES) await measure(what, WARM_UP_CLIENTS, WARM_UP)
    // Level by level, the four side by side in rounds, every other round in the other order, so a machine that
    // slows down for a while skews no one measure; each round's service/node:http is a pair measured back to back.
    const runs = new Map<number, Map<Measure, Run>>()
    const levels = new Map<number, LevelFigures>()
    for (const workers of LEVELS) {
      const level = new Map<Measure, Run>()
      const figures: LevelFigures = { cpuMs: new Map(), pairs: [] }
      for (let round = 0; round < ROUNDS; round++) {
        const share = Math.ceil(perLevel(workers) / ROUNDS)
        const rates = new Map<Measure, number>()
        for (const what of round % 2 === 0 ? MEASURES : [...MEASURES].reverse()) {
          const before = cpuNow(service.pid, nats.pid)
          const run = await measure(what, workers, share)
          figures.cpuMs.set(what, addCpu(figures.cpuMs.get(what), before, cpuNow(service.pid, nats.pid)))
          level.set(what, joinRuns(level.get(what), run))
          rates.set(what, rate(run))
        }
        figures.pairs.push(rates.get('service')! / rates.get('node:http')!)
      }
      runs.set(workers, level)
      levels.set(workers, figures)
    }
    print(runs, levels, raw.payloadBytes)
    console.log(
      `GET /report counts ${await reportedPotholes(service.url, filed)} potholes after ${filed} accepted filings`,
    )
  } finally {
    for (const thing of started.reverse()) await thing.stop()
  }
}

interface LevelFigures {
  /** CPU time of each process while each measure's rounds ran. */
  cpuMs: Map<Measure, Cpu>
  /** service/node:http of each round. */
  pairs: number[]
}

/**
 * Milliseconds of CPU time: the bench's own process (its clients, and the references' worker threads), the service
 * and nats-server. On two cores all three share, the ratio follows what each request costs them together.
 */
interface Cpu {
  readonly bench: number
  readonly service: number
  readonly nats: number
}

function cpuNow(servicePid: number, natsPid: number): Cpu {
  const { user, system } = process.cpuUsage()
  return { bench: (user + system) / 1000, service: processCpuMs(servicePid), nats: processCpuMs(natsPid) }
}

function addCpu(sum: Cpu | undefined, before: Cpu, after: Cpu): Cpu {
  const spent = (part: keyof Cpu) => (sum?.[part] ?? 0) + after[part] - before[part]
  return { bench: spent('bench'), service: spent('service'), nats: spent('nats') }
}

// A declaration: main() runs at the top of the module, before its constants are set.
function rate(run: Run): number {
  return (run.latencies.length * 1000) / run.elapsedMs
}

function joinRuns(a: Run | undefined, b: Run): Run {
  if (a === undefined) return b
  return {
    latencies: [...a.latencies, ...b.latencies],
    failures: a.failures + b.failures,
    elapsedMs: a.elapsedMs + b.elapsedMs,
  }
}

function print(runs: Map<number, Map<Measure, Run>>, levels: Map<number, LevelFigures>, payloadBytes: number): void {
  console.log(
    `filing at ${LEVELS.join(', ')} clients, each awaiting one request at a time, ` +
      `${LEVELS.map(perLevel).join(', ')} per level in ${ROUNDS} round(s) ` +
      `(raw: twice as many publishes of ${payloadBytes} bytes, no msgID or expected sequence); ` +
      `Node ${process.version}`,
  )
  const rows: (string | number)[][] = [['clients', 'what', 'done', 'failed', 'per s', 'p50 ms', 'p99 ms']]
  for (const [workers, level] of runs) {
    for (const [what, run] of level) {
      rows.push([
        workers,
        what,
        run.latencies.length,
        run.failures,
        rate(run).toFixed(0),
        quantile(run.latencies, 0.5).toFixed(2),
        quantile(run.latencies, 0.99).toFixed(2),
      ])
    }
  }
  console.log(table(rows))
  const ratios: (string | number)[][] = [
    [
      'clients',
      'service/node:http',
      'paired: median (min-max)',
      'p99 service/node:http',
      'service/h3-minimal',
      'service/raw',
      'node:http/raw',
    ],
  ]
  for (const [workers, level] of runs) {
    const [raw, http, h3, service] = MEASURES.map((what) => rate(level.get(what)!))
    const p99 = (what: Measure) => quantile(level.get(what)!.latencies, 0.99)
    const ratio = (a: number, b: number) => `${(a / b).toFixed(3)}x`
    const { pairs } = levels.get(workers)!
    ratios.push([
      workers,
      ratio(service!, http!),
      `${quantile(pairs, 0.5).toFixed(3)}x (${Math.min(...pairs).toFixed(2)}-${Math.max(...pairs).toFixed(2)})`,
      ratio(p99('service'), p99('node:http')),
      ratio(service!, h3!),
      ratio(service!, raw!),
      ratio(http!, raw!),
    ])
  }
  console.log(`\nthroughput ratios, same run`)
  console.log(table(ratios))
  const cpuRows: (string | number)[][] = [['clients', 'what', 'bench process', 'service', 'nats-server', 'all three']]
  for (const [workers, level] of runs) {
    for (const what of ['node:http', 'h3 minimal', 'service'] as const) {
      const spent = levels.get(workers)!.cpuMs.get(what)!
      const per = (ms: number) => (ms / level.get(what)!.latencies.length).toFixed(3)
      cpuRows.push([
        workers,
        what,
        per(spent.bench),
        per(spent.service),
        per(spent.nats),
        per(spent.bench + spent.service + spent.nats),
      ])
    }
  }
  console.log(`\nCPU ms per request (bench process: its clients, and the reference's worker thread)`)
  console.log(table(cpuRows))
  const at50 = runs.get(50)
  const pairs50 = levels.get(50)?.pairs
  if (at50 === undefined || pairs50 === undefined) return
  // Judged on the paired rounds: a neighbour's burst during one round moves one pair, not the whole figure.
  const paired = quantile(pairs50, 0.5)
  const pooled = rate(at50.get('service')!) / rate(at50.get('node:http')!)
  const p99Ratio = quantile(at50.get('service')!.latencies, 0.99) / quantile(at50.get('node:http')!.latencies, 0.99)
  const met = paired >= 0.7 && p99Ratio <= 4 ? 'met' : 'NOT met'
  console.log(
    `\ntarget at 50 clients: service at least 0.7x node:http (median of ${pairs50.length} paired rounds), ` +
      `p99 within 4x: ${paired.toFixed(3)}x (all rounds pooled ${pooled.toFixed(3)}x), p99 ${p99Ratio.toFixed(2)}x: ${met}` +
      `\nround by round: ${pairs50.map((pair) => `${pair.toFixed(3)}x`).join(', ')}`,
  )
}

// The service's own count, once its index has seen everything filed (or 10 s passed).
async function reportedPotholes(base: string, expected: number): Promise<number> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const { counts } = (await (await fetch(`${base}/report`)).json()) as {
      counts: { bucket: string; count: number }[]
    }
    const total = counts.filter((c) => c.bucket === 'potholes').reduce((sum, c) => sum + c.count, 0)
    if (total >= expected || Date.now() > deadline) return total
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** js.publish from this process to a scratch stream, each awaited, of about a filed record event's size. */
async function openRawPublisher(url: string) {
  const nc = await connect({ servers: url })
  await (await jetstreamManager(nc)).streams.add({ name: 'BENCH_SCRATCH', subjects: ['bench.scratch.>'] })
  const js = jetstream(nc)
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
      fields: { street: 'Mill Lane 1', kind: 'pothole' },
      submitter: `session:${'x'.repeat(43)}`,
    }),
  )
  return {
    payloadBytes: payload.length,
    publish: (n: number) =>
      js.publish(`bench.scratch.${n}`, payload).then(
        () => true,
        () => false,
      ),
    stop: () => nc.close(),
  }
}
