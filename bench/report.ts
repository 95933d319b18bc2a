// What the report and a desk listing cost at a thousand and at a million
// records. 1k is real: the built service (npm run build first) on its own
// nats-server, records filed through the records layer, GET /report over
// HTTP, and the same operations on this process's own NATS-fed index. 1M
// events through a real stream take too long for a bench, so at 1M a real
// record index is fed synthetic valid events straight into its follow
// callback (no network) and timed in-process; GET /report over HTTP at 1M
// is estimated as the 1k round trip plus the extra work of the 1M body.
// Loopback only; stops by itself. Run: node bench/run.mjs report
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createNatsBus } from '../server/bus/nats'
import { loadContent, readCompileOptions } from '../server/content/load'
import type { SiteModel } from '../server/content/model'
import { createLocalSource } from '../server/content/sources/local'
import { createRecordIndex, type RecordIndex } from '../server/records/record-index'
import { createRecords } from '../server/records/records'
import { renderReport } from '../server/render/report'
import { reportBody } from '../server/report/report-body'
import { reportCounts } from '../server/report/report-counts'
import { startBenchNats } from './support/nats'
import { requireBuild, startService } from './support/service'
import { createSyntheticBus } from './support/synthetic-bus'
import { eventCount, syntheticMessages } from './support/synthetic-events'
import { ms, quantile, runConcurrently, table, timeSync, us, type Timing } from './support/timing'
import { testEffects } from '../test/records/record-effects'

const SMALL = 1_000
const LARGE = 1_000_000
const HTTP_REQUESTS = 500

// A heap figure means something only after a collection; Node hides gc() without a flag.
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

requireBuild()
const loaded = await loadContent(createLocalSource('examples/demo'), readCompileOptions({}))
if (!loaded.site)
  throw new Error(
    `[svc] [bench] the demo site does not compile: ${loaded.diagnostics.map((d) => d.message).join('; ')}`,
  )
const site: SiteModel = loaded.site

type Figures = Map<string, string>

const small = await measureSmall()
const large = await measureLarge(small.httpMs, small.bodyUs)
const rows = [...new Set([...small.figures.keys(), ...large.keys()])].map((key) => [
  key,
  small.figures.get(key) ?? '',
  large.get(key) ?? '',
])
console.log('report bench: demo site, nats-server 2.9 on loopback; times are median / p99')
console.log(table([['', `${SMALL} records (real, NATS)`, `${LARGE} records (synthetic events, in-process)`], ...rows]))

/** What the handlers do besides HTTP, on one index; medians in µs kept for the estimate. */
function measureIndex(index: RecordIndex, rounds: number): { figures: Figures; bodyUs: number } {
  const counted = () => reportCounts(index.counts(), index.reached(), [{ storyline: 'plain', count: 1000 }])
  const body = timeSync(rounds, () => JSON.stringify(reportBody(counted())))
  const figures: Figures = new Map([
    ['index.counts()', us(timeSync(rounds, () => index.counts()))],
    ['JSON body (counts, reached, reportBody, stringify)', us(body)],
    [
      'HTML page (counts, renderReport)',
      us(
        timeSync(rounds, () =>
          renderReport({
            site,
            story: 0,
            counts: counted(),
            assets: { css: '/pkg/site.css' },
            jsonHref: '/report?format=json',
            csvHref: '/report.csv',
          }),
        ),
      ),
    ],
    [
      'desk listing: index.list(potholes, 0, 25)',
      us(timeSync(rounds, () => index.list('potholes', { offset: 0, limit: 25 }))),
    ],
    [
      'desk listing, states [new]',
      us(timeSync(rounds, () => index.list('potholes', { offset: 0, limit: 25, states: ['new'] }))),
    ],
    ['triples in the report', String(index.counts().length)],
  ])
  return { figures, bodyUs: body.p50 }
}

async function measureSmall(): Promise<{ figures: Figures; httpMs: number; bodyUs: number }> {
  const nats = await startBenchNats()
  const stops: (() => Promise<void> | void)[] = [() => nats.stop()]
  try {
    const service = await startService({ BUS_URL: nats.url })
    stops.push(() => service.stop())
    const bus = await createNatsBus({ url: nats.url })
    stops.push(() => bus.close())
    const index = createRecordIndex(bus)
    stops.push(() => index.close())
    await index.ready
    const records = createRecords({ bus, site: () => site, index, effects: testEffects(bus, index) })
    await runConcurrently(SMALL, 50, 60_000, async (_, n) => {
      const view = await records.file({
        bucket: 'potholes',
        storyline: site.storylines[n % 2] ?? 'plain',
        fields: { street: `Mill Lane ${n}`, kind: 'pothole' },
        submitter: `session:b${n}`,
        actor: { kind: 'visitor', session: `b${n}` },
      })
      if (n % 3 === 0)
        await records.move({
          bucket: 'potholes',
          id: view.id,
          edge: 'accept',
          via: 'desk',
          expectSeq: view.seq,
          actor: { kind: 'person', subject: 'desk' },
        })
      return true
    })
    await untilServiceCounts(service.url, SMALL)
    const json = await timeHttp(`${service.url}/report`, {})
    const page = await timeHttp(`${service.url}/report`, { accept: 'text/html' })
    const started = performance.now()
    const replayed = createRecordIndex(bus)
    stops.push(() => replayed.close())
    await replayed.ready
    const loadMs = performance.now() - started
    const { figures, bodyUs } = measureIndex(index, 2000)
    const all: Figures = new Map([
      ['GET /report JSON over HTTP', ms(json)],
      ['GET /report HTML over HTTP', ms(page)],
      ...figures,
      [
        'loading an index (replay at start)',
        `${SMALL + Math.ceil(SMALL / 3)} events over NATS in ${loadMs.toFixed(0)} ms`,
      ],
    ])
    return { figures: all, httpMs: json.p50, bodyUs }
  } finally {
    for (const stop of stops.reverse()) await stop()
  }
}

/** `httpMs` and `bodyUs`: the 1k round trip and body, for the 1M estimate. */
async function measureLarge(httpMs: number, smallBodyUs: number): Promise<Figures> {
  const count = eventCount(LARGE)
  gc()
  const heapBefore = process.memoryUsage().heapUsed
  const started = performance.now()
  const index = createRecordIndex(createSyntheticBus(syntheticMessages(LARGE), count))
  await index.ready
  const loadMs = performance.now() - started
  gc()
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20
  const { figures, bodyUs } = measureIndex(index, 200)
  const records = index.counts().reduce((sum, c) => sum + c.count, 0)
  index.close()
  const estimate = httpMs + (bodyUs - smallBodyUs) / 1000
  return new Map([
    ['GET /report JSON over HTTP', `≈ ${estimate.toFixed(2)} ms (estimate: 1k round trip + body difference)`],
    ['GET /report HTML over HTTP', 'not over HTTP: see the HTML page row'],
    ...figures,
    [
      'loading an index (replay at start)',
      `${count} events in ${(loadMs / 1000).toFixed(1)} s (${((count * 1000) / loadMs).toFixed(0)}/s, encoding ` +
        `included), ${records} records, heap +${heapMb.toFixed(0)} MB`,
    ],
  ])
}

async function timeHttp(url: string, headers: Record<string, string>): Promise<Timing> {
  const run = await runConcurrently(HTTP_REQUESTS, 1, 60_000, async () => {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) })
    await response.arrayBuffer()
    return response.ok
  })
  return { p50: quantile(run.latencies, 0.5), p99: quantile(run.latencies, 0.99) }
}

async function untilServiceCounts(url: string, records: number): Promise<void> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const { counts } = (await (await fetch(`${url}/report`)).json()) as { counts: { count: number }[] }
    if (counts.reduce((sum, c) => sum + c.count, 0) >= records) return
    if (Date.now() > deadline) throw new Error('[svc] [bench] the service never counted every record')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
