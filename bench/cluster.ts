// `npm run bench -- cluster`: what three copies cost and what a lost node
// costs. In one run: filing appends (an expected empty subject and a
// de-duplication id, as the filing path sends them) from CLIENTS clients for
// SECONDS on one nats-server at BUS_REPLICAS=1, then on a three-node cluster
// at BUS_REPLICAS=3; the rate and p99 of each and their ratio; then the
// failover gap, the longest time between two acknowledged appends around a
// kill -9 of the node leading SVC_RECORDS. Bus level: the HTTP path in front
// of it is measured by the records bench.
import { BusConflictError, BusUnavailableError } from '../server/bus/errors'
import { createNatsBus } from '../server/bus/nats'
import type { Bus } from '../server/bus/types'
import { startNatsCluster } from '../test/support/nats-cluster'
import type { NatsCluster } from '../test/support/nats-cluster'
import { quantile, table } from './support/timing'

const CLIENTS = 24
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const STREAM = 'SVC_RECORDS'

interface Figures {
  rate: number
  p99: number
  longestGapMs: number
  unavailable: number
}

async function file(bus: Bus, seconds: number, during?: () => Promise<void>): Promise<Figures> {
  const latencies: number[] = []
  let unavailable = 0
  let lastAck = performance.now()
  let longestGapMs = 0
  const until = performance.now() + seconds * 1000
  const started = performance.now()
  const client = async (k: number) => {
    for (let n = 0; performance.now() < until; n++) {
      const id = `b${k}x${n}x${Math.round(started)}`
      const t = performance.now()
      try {
        await bus.append(STREAM, `svc.rec.cases.${id}`, { id }, { expectLastSubjectSequence: 0, msgId: `file:${id}` })
      } catch (error) {
        if (error instanceof BusUnavailableError) unavailable++
        else if (!(error instanceof BusConflictError)) throw error
        continue
      }
      const now = performance.now()
      latencies.push(now - t)
      longestGapMs = Math.max(longestGapMs, now - lastAck)
      lastAck = now
    }
  }
  await Promise.all([...Array.from({ length: CLIENTS }, (_, k) => client(k)), during?.()])
  const elapsed = (performance.now() - started) / 1000
  return { rate: latencies.length / elapsed, p99: quantile(latencies, 0.99), longestGapMs, unavailable }
}

async function on(cluster: NatsCluster, replicas: number, run: (bus: Bus) => Promise<Figures>): Promise<Figures> {
  const bus = await createNatsBus({ url: cluster.urls, replicas })
  try {
    await bus.ensureStream(STREAM, ['svc.rec.>'])
    await file(bus, 1) // warm-up
    return await run(bus)
  } finally {
    await bus.close()
  }
}

const clusters: NatsCluster[] = []
const stopAll = () => Promise.all(clusters.map((cluster) => cluster.stop()))
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void stopAll().then(() => process.exit(1)))

console.log(`cluster: ${CLIENTS} clients, ${SECONDS} s each, nats-server 2.9.10 on loopback, Node ${process.version}`)
try {
  const one = await startNatsCluster({ size: 1 })
  clusters.push(one)
  const r1 = await on(one, 1, (bus) => file(bus, SECONDS))
  const three = await startNatsCluster({ size: 3 })
  clusters.push(three)
  const r3 = await on(three, 3, (bus) => file(bus, SECONDS))
  const failover = await on(three, 3, (bus) =>
    file(bus, SECONDS, async () => {
      await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 3))
      await (await three.leader(STREAM)).kill()
    }),
  )
  console.log(
    table([
      ['', 'filings/s', 'p99 ms', 'longest gap ms', 'unavailable'],
      ['1 node, R1', r1.rate.toFixed(0), r1.p99.toFixed(1), r1.longestGapMs.toFixed(0), r1.unavailable],
      ['3 nodes, R3', r3.rate.toFixed(0), r3.p99.toFixed(1), r3.longestGapMs.toFixed(0), r3.unavailable],
      [
        '3 nodes, R3, leader killed',
        failover.rate.toFixed(0),
        failover.p99.toFixed(1),
        failover.longestGapMs.toFixed(0),
        failover.unavailable,
      ],
    ]),
  )
  console.log(
    `R3/R1 filing rate: ${(r3.rate / r1.rate).toFixed(3)}x; failover gap ${failover.longestGapMs.toFixed(0)} ms`,
  )
} finally {
  await stopAll()
}
