// BUS_REPLICAS on a real three-node cluster: streams, buckets and object
// stores made with that many copies, a refusal where the cluster is too
// small, a start with the first listed server down, and growing a site from
// one server at R1 to three at R3 with what was filed before still there.
import { jetstreamManager } from '@nats-io/jetstream'
import { connect } from '@nats-io/transport-node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import { decodeJson } from '../../server/bus/payload'
import { runBusContract } from '../bus/bus-contract'
import { startNatsCluster } from '../support/nats-cluster'
import { freePort } from '../support/server'
import type { NatsCluster } from '../support/nats-cluster'

async function replicasOf(urls: string, stream: string): Promise<number> {
  const nc = await connect({ servers: urls.split(',') })
  try {
    return (await (await jetstreamManager(nc)).streams.info(stream)).config.num_replicas
  } finally {
    await nc.close()
  }
}

let cluster: NatsCluster
beforeAll(async () => {
  cluster = await startNatsCluster({ size: 3 })
})
afterAll(async () => {
  await cluster.stop()
})

runBusContract('nats three-node cluster, R3', () => createNatsBus({ url: cluster.urls, replicas: 3 }))

describe('BUS_REPLICAS on a three-node cluster', () => {
  it('gives every stream, KV bucket and object store it creates three replicas', async () => {
    const bus = await createNatsBus({ url: cluster.urls, replicas: 3 })
    await bus.ensureStream('SVC_R3_STREAM', ['r3.>'])
    await (await bus.kv('svc_r3_kv')).put('a', { n: 1 })
    await (await bus.objects('svc_r3_obj')).put('o', new Uint8Array([1, 2, 3]))
    await bus.close()
    for (const stream of ['SVC_R3_STREAM', 'KV_svc_r3_kv', 'OBJ_svc_r3_obj'])
      expect(await replicasOf(cluster.urls, stream), stream).toBe(3)
  })

  it('reads every KV write back at once on R3, whichever copy answers (a session just made is found)', async () => {
    const [first, ...rest] = cluster.urls.split(',')
    const writer = await createNatsBus({ url: first ?? '', replicas: 3 })
    const reader = await createNatsBus({ url: rest.join(','), replicas: 3 })
    const [written, read] = [await writer.kv('svc_r3_reads'), await reader.kv('svc_r3_reads')]
    const stale: number[] = []
    for (let n = 0; n < 300; n++) {
      await written.put(`session.s${n % 7}`, { n })
      const entry = await read.get(`session.s${n % 7}`)
      if (entry === null || decodeJson<{ n: number }>(entry.value).n !== n) stale.push(n)
    }
    await Promise.all([writer.close(), reader.close()])
    expect(stale).toEqual([])
  })

  it('starts with the first listed server down, on the others', async () => {
    const dead = `nats://127.0.0.1:${await freePort()}`
    const bus = await createNatsBus({ url: `${dead},${cluster.urls}`, replicas: 3 })
    await bus.ensureStream('SVC_FIRST_DOWN', ['first-down.>'])
    expect((await bus.append('SVC_FIRST_DOWN', 'first-down.a', { n: 1 })).seq).toBe(1)
    await bus.close()
  })

  it('names every server without credentials when none answers', async () => {
    const [a, b] = [await freePort(), await freePort()]
    const failed = await createNatsBus({ url: `nats://ann:pa55word@127.0.0.1:${a},nats://t0ken@127.0.0.1:${b}` }).catch(
      (error: Error) => error,
    )
    expect(failed).toBeInstanceOf(Error)
    const message = (failed as Error).message
    expect(message).toContain(`connecting to nats://127.0.0.1:${a}, nats://127.0.0.1:${b} failed`)
    expect(message).not.toMatch(/pa55word|t0ken|ann/)
  })
})

describe('BUS_REPLICAS with too few nodes', () => {
  it('refuses BUS_REPLICAS=3 on a cluster of two with one line naming the setting', async () => {
    const two = await startNatsCluster({ size: 2 })
    try {
      const refused = await createNatsBus({ url: two.urls, replicas: 3, startWaitMs: 2000 }).catch(
        (error: Error) => error,
      )
      expect(refused).toBeInstanceOf(Error)
      expect((refused as Error).message).toBe(
        '[svc] [bus] BUS_REPLICAS is 3 but the NATS cluster has fewer JetStream nodes: ' +
          'set BUS_REPLICAS to the number of nodes (1 for a single server) or add nodes',
      )
      expect((refused as Error).message).not.toContain('\n')
    } finally {
      await two.stop()
    }
  })
})

describe('BUS_REPLICAS with a node still joining', () => {
  // A node started a moment after the service (or one a busy machine kept from its heartbeat, as a gate run
  // saw with the mailer) made the placement probe refuse a cluster that has its nodes; the start now waits.
  it('starts with BUS_REPLICAS=3 once the third node joins, within the start wait', { timeout: 90_000 }, async () => {
    const three = await startNatsCluster({ size: 3, started: 2 })
    try {
      const started = createNatsBus({ url: three.urls, replicas: 3, startWaitMs: 60_000 })
      let settled = false
      void started.then(
        () => (settled = true),
        () => (settled = true),
      )
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(settled).toBe(false)
      await three.nodes[2]!.start()
      const bus = await started
      await bus.ensureStream('SVC_JOINED', ['joined.>'])
      expect((await bus.append('SVC_JOINED', 'joined.a', { n: 1 })).seq).toBe(1)
      expect(await replicasOf(three.urls, 'SVC_JOINED')).toBe(3)
      await bus.close()
    } finally {
      await three.stop()
    }
  })
})

describe('raising a running site from R1 to R3 (docs/operations.md#nats-in-production)', () => {
  // Three nodes to start, copies to catch up, a node to lose and a leader to elect: each wait is an upper
  // bound a busy machine may need, on events awaited, not a measurement.
  it(
    'raises R1 streams and buckets to R3 at start, logged once each, with every record filed before',
    { timeout: 150_000 },
    async () => {
      const site = await startNatsCluster({ size: 3 })
      try {
        const before = await createNatsBus({ url: site.urls, replicas: 1 })
        await before.ensureStream('SVC_RECORDS', ['svc.rec.>'])
        for (let n = 1; n <= 50; n++)
          await before.append('SVC_RECORDS', `svc.rec.cases.r${n}`, { n }, { expectLastSubjectSequence: 0 })
        await (await before.kv('svc_sessions')).put('s1', { user: 'ann' })
        await before.close()
        expect(await replicasOf(site.urls, 'SVC_RECORDS')).toBe(1)
        const holder = await site.leader('SVC_RECORDS')

        const logged: string[] = []
        const write = process.stdout.write.bind(process.stdout)
        process.stdout.write = (chunk: string | Uint8Array, ...rest: never[]) => {
          logged.push(String(chunk))
          return write(chunk, ...rest)
        }
        let after
        try {
          after = await createNatsBus({ url: site.urls, replicas: 3 })
          await after.ensureStream('SVC_RECORDS', ['svc.rec.>'])
          await after.kv('svc_sessions')
        } finally {
          process.stdout.write = write
        }
        expect(await replicasOf(site.urls, 'SVC_RECORDS')).toBe(3)
        expect(await replicasOf(site.urls, 'KV_svc_sessions')).toBe(3)
        const raised = logged.filter((line) => line.includes('raised stream'))
        expect(raised.filter((line) => line.includes('SVC_RECORDS'))).toHaveLength(1)
        expect(raised.filter((line) => line.includes('KV_svc_sessions'))).toHaveLength(1)

        // The node that held the only copy is lost once the copies of both have caught up: they carry on.
        const currentCopies = async (stream: string) => {
          const nc = await connect({ servers: site.urls.split(',') })
          try {
            const info = await (await jetstreamManager(nc)).streams.info(stream)
            return (info.cluster?.replicas ?? []).filter((peer) => peer.current).length
          } finally {
            await nc.close()
          }
        }
        for (const stream of ['SVC_RECORDS', 'KV_svc_sessions'])
          await expect.poll(() => currentCopies(stream), { timeout: 40_000 }).toBe(2)
        await holder.kill()
        await expect.poll(() => after.lastSequence('SVC_RECORDS').catch(() => 0), { timeout: 40_000 }).toBe(50)
        expect(await after.lastSubjectSequence('SVC_RECORDS', 'svc.rec.cases.r1')).toBe(1)
        await expect
          .poll(async () => (await (await after.kv('svc_sessions')).get('s1').catch(() => null))?.revision, {
            timeout: 40_000,
          })
          .toBe(1)
        await after.close()
      } finally {
        await site.stop()
      }
    },
  )
})
