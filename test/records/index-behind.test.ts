// Issue 8, "an index that knows when it is behind": the built service on its
// own nats-server, visitors filing through the home page form while the
// server restarts. Readiness may only say ok while /report counts what the
// stream holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import type { IndexStatus } from '../../server/records/record-feed'
import { createRecordIndex, type RecordIndex } from '../../server/records/record-index'
import { createRecords } from '../../server/records/records'
import { RECORDS_STREAM } from '../../server/records/types'
import { sleep, waitFor } from '../bus/wait'
import { loadDemo } from '../support/demo-site'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startServer, type RunningServer } from '../support/server'
import { startTcpProxy } from '../support/tcp-proxy'
import { createCookieFetch, fileThrough } from '../visitor/visitor-client'
import { testEffects } from './record-effects'

const FILERS = 8
const BEFORE_RESTART = 2500
const AFTER_RESTART = 2500
// How long a stored filing may take to reach /report while the index follows.
const SETTLE_MS = 1000

let nats: NatsServer
let server: RunningServer
let bus: Bus
beforeAll(async () => {
  nats = await startNatsServer()
  server = await startServer({ BUS_URL: nats.url })
  bus = await createNatsBus({ url: nats.url })
})
afterAll(async () => {
  await bus?.close()
  await server?.stop()
  await nats?.stop()
})

interface Readiness {
  readonly status: number
  readonly body: { ok: boolean; bus: string; records: string; missing?: string[] }
}

async function readyz(): Promise<Readiness> {
  const response = await fetch(`${server.url}/readyz`)
  return { status: response.status, body: (await response.json()) as Readiness['body'] }
}

/** The stream's last sequence as the test's own connection reads it, once the server answers again. */
async function storedRecords(): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await bus.lastSequence(RECORDS_STREAM)
    } catch (error) {
      if (attempt === 50) throw error
      await sleep(100)
    }
  }
}

async function reportedRecords(): Promise<number> {
  const { counts } = (await (await fetch(`${server.url}/report?format=json`)).json()) as { counts: { count: number }[] }
  return counts.reduce((sum, entry) => sum + entry.count, 0)
}

/** How long the index was behind each time it caught up again, as the service logs it. */
function behindMs(): number[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes('the record index is current again'))
    .map((line) => (JSON.parse(line) as { behindMs: number }).behindMs)
}

/** Visitors as browsers, each filing by opening the home page and posting its form, until stopped. */
function startFilers(count: number): { filed: () => number; stop: () => Promise<void> } {
  let filing = true
  let filed = 0
  const filers = Array.from({ length: count }, async (_, filer) => {
    const visitor = createCookieFetch()
    for (let n = 0; filing; n++) {
      const response = await fileThrough(visitor, server.url, '/', 'potholes', {
        street: `Mill Lane ${filer}-${n}`,
        kind: 'pothole',
      }).catch(() => null)
      if (response !== null && response.status < 400) filed++
      else await sleep(50)
    }
  })
  return {
    filed: () => filed,
    async stop() {
      filing = false
      await Promise.all(filers)
    },
  }
}

describe('the record index across a bus restart', () => {
  it(
    'Stays up: after a bus restart under filing load, /readyz never says ok while /report counts fewer records ' +
      'than the stream held a moment before, and the index catches up',
    async () => {
      const filers = startFilers(FILERS)
      try {
        await waitFor(() => filers.filed() >= BEFORE_RESTART, 90_000, `${BEFORE_RESTART} filings before the restart`)
        // Nothing is stored while the server is down: whatever it held before, the index must count before it says ok.
        const storedBeforeDown = await storedRecords()
        await nats.down()
        await waitFor(async () => (await readyz()).status === 503, 10_000, '/readyz to notice the bus is gone')
        expect((await readyz()).body).toMatchObject({
          ok: false,
          bus: 'reconnecting',
          missing: expect.arrayContaining(['bus']),
        })
        await nats.up()
        const upAt = Date.now()
        // A request sent while the test's own connection is still away would wait out its timeout.
        await waitFor(() => bus.isConnected(), 10_000, "the test's own connection to come back")

        // Every ok after the restart, checked against what the stream held a
        // second earlier: a filing appended a moment ago may still be on its
        // way to the index (on a loaded machine a sample, a few round trips, can
        // be quicker than the service's turn), one from a second back may not.
        // The service allows a lag of up to 10 s while following (record-feed.ts).
        // What was stored before the restart holds from the first answer on.
        const okWhileBehind: { stored: number; counted: number }[] = []
        const samples: { at: number; stored: number }[] = [{ at: 0, stored: storedBeforeDown }]
        const storedSecondAgo = (now: number) => samples.findLast((sample) => sample.at <= now - SETTLE_MS)?.stored
        const notReady: string[] = []
        let storedAtReconnect: number | null = null
        let caughtUpMs: number | null = null
        const resumeAt = filers.filed() + AFTER_RESTART
        let filing = true
        const deadline = Date.now() + 90_000
        for (;;) {
          const stored = await storedRecords()
          samples.push({ at: Date.now(), stored })
          storedAtReconnect ??= stored
          const ready = await readyz()
          // The count is the index's at this moment or later.
          const countedFrom = Date.now()
          const counted = await reportedRecords()
          if (ready.status === 200) {
            const earlier = storedSecondAgo(countedFrom)
            if (earlier !== undefined && counted < earlier) okWhileBehind.push({ stored: earlier, counted })
            if (caughtUpMs === null && counted >= storedAtReconnect) caughtUpMs = Date.now() - upAt
          } else notReady.push(ready.body.missing?.join('+') ?? '')
          if (filing && filers.filed() >= resumeAt) {
            filing = false
            await filers.stop()
          }
          if (!filing && ready.status === 200 && counted === (await storedRecords())) break
          if (Date.now() > deadline)
            throw new Error(`the index did not catch up: /report counts ${counted}, the stream holds ${stored}`)
        }

        const catchingUp = notReady.filter((missing) => missing.includes('records')).length
        console.log(
          `[svc] [test] index catch-up after a bus restart: the service's index was current again ` +
            `${behindMs().join(', ')} ms after reconnecting; ` +
            `/report counted the ${storedAtReconnect} records stored at reconnect ${caughtUpMs} ms after the server ` +
            `was back; ` +
            `${notReady.length} not-ready answers after the restart (${catchingUp} of them records: catching up), ` +
            `${filers.filed()} filings in all`,
        )
        expect(okWhileBehind).toEqual([])
        expect(await reportedRecords()).toBe(await storedRecords())
        expect(await readyz()).toMatchObject({ status: 200, body: { ok: true, bus: 'connected', records: 'current' } })
      } catch (error) {
        // A service that died under load says why only in its own output.
        throw new Error(`${String(error)}\n--- service output (tail) ---\n${server.output().slice(-3000)}`, {
          cause: error,
        })
      } finally {
        await filers.stop()
      }
    },
    240_000,
  )
})

const countedBy = (index: RecordIndex) => index.counts().reduce((sum, entry) => sum + entry.count, 0)

describe('one instance cut off from the bus while another files', () => {
  it(
    'Stays up: after a reconnect the index says it is catching up until it has applied everything the stream ' +
      'held, and says current only then',
    async () => {
      const FILED_MEANWHILE = 3000
      const site = await loadDemo()
      const proxy = await startTcpProxy(nats.url)
      const [cutOff, writer] = await Promise.all([createNatsBus({ url: proxy.url }), createNatsBus({ url: nats.url })])
      const index = createRecordIndex(cutOff)
      const writerIndex = createRecordIndex(writer)
      try {
        await Promise.all([index.ready, writerIndex.ready])
        const records = createRecords({
          bus: writer,
          site: () => site,
          index: writerIndex,
          effects: testEffects(writer, writerIndex),
        })
        await proxy.cut()
        await waitFor(() => !cutOff.isConnected(), 10_000, 'the cut-off instance to lose the bus')
        let next = 0
        await Promise.all(
          Array.from({ length: 16 }, async () => {
            for (let n = next++; n < FILED_MEANWHILE; n = next++) {
              await records.file({
                bucket: 'potholes',
                storyline: site.storylines[0] ?? 'plain',
                fields: { street: `Mill Lane ${n}`, kind: 'pothole' },
                submitter: `session:s${n}`,
                actor: { kind: 'visitor', session: `s${n}` },
              })
            }
          }),
        )
        const stored = await writer.lastSequence(RECORDS_STREAM)

        // Handlers run in the order they were added, the index's first: this
        // one sees what readiness would say the moment the bus is back.
        const saidOnReconnect: IndexStatus[] = []
        let reconnectedAt = 0
        cutOff.onReconnect(() => {
          reconnectedAt = Date.now()
          saidOnReconnect.push(index.status())
        })
        // Between every turn of the event loop, what readiness would be told
        // (connected and current) against what the index counts.
        const readyButShort: number[] = []
        let watching = true
        const watcher = (async () => {
          while (watching) {
            const counted = countedBy(index)
            if (cutOff.isConnected() && index.status() === 'current' && counted < stored) readyButShort.push(counted)
            await new Promise((resolve) => setImmediate(resolve))
          }
        })()
        await proxy.restore()
        await waitFor(() => index.status() === 'current' && saidOnReconnect.length > 0, 20_000, 'the index to catch up')
        console.log(
          `[svc] [test] an index ${FILED_MEANWHILE} records behind was current ` +
            `${Date.now() - reconnectedAt} ms after reconnecting`,
        )
        watching = false
        await watcher

        expect(saidOnReconnect).toEqual(['catching up'])
        expect(readyButShort).toEqual([])
        expect(countedBy(index)).toBe(stored)
      } finally {
        index.close()
        writerIndex.close()
        await Promise.all([cutOff.close(), writer.close()])
        await proxy.close()
      }
    },
    120_000,
  )
})
