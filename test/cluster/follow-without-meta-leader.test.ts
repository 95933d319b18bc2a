// Issue 27, "/readyz says 503 only while an instance truly cannot serve": on
// a cluster every consumer is placed by the meta leader, so while it is being
// elected no follow can open one, though the stream's own leader still takes
// writes and answers reads. A follow opened then reads the stream by sequence
// and hands over everything in order, without gaps or repeats, while a
// consumer still cannot be made; once one can, it goes on from there.
import { jetstreamManager } from '@nats-io/jetstream'
import { connect } from '@nats-io/transport-node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import { decodeJson } from '../../server/bus/payload'
import type { Bus } from '../../server/bus/types'
import { waitFor } from '../bus/wait'
import { startNatsCluster, type ClusterNode, type NatsCluster } from '../support/nats-cluster'

const STREAM = 'SVC_FOLLOW_META'

let cluster: NatsCluster
beforeAll(async () => {
  cluster = await startNatsCluster({ size: 3 })
})
afterAll(async () => {
  await cluster?.stop()
})

/** Whether a consumer can be made on `stream` through `node` right now (the meta leader places it). */
async function consumerCanBeMade(node: ClusterNode): Promise<boolean> {
  const nc = await connect({ servers: node.url, timeout: 2000 })
  try {
    const jsm = await jetstreamManager(nc, { timeout: 1000 })
    const info = await jsm.consumers.add(STREAM, { inactive_threshold: 5_000_000_000, mem_storage: true })
    await jsm.consumers.delete(STREAM, info.name).catch(() => undefined)
    return true
  } catch {
    return false
  } finally {
    await nc.close()
  }
}

/** Moves the stream's leader off `node`, so losing `node` loses the meta leader only. */
async function streamLeaderOff(node: ClusterNode): Promise<void> {
  while ((await cluster.leader(STREAM)) === node) {
    const nc = await connect({ servers: node.url })
    await nc.request(`$JS.API.STREAM.LEADER.STEPDOWN.${STREAM}`, '', { timeout: 5000 }).catch(() => undefined)
    await nc.close()
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

describe('a follow while the cluster elects its meta leader', () => {
  it('Stays up: reads the stream by sequence meanwhile, every message once and in order, and goes on after', async () => {
    const meta = await cluster.leader()
    const other = cluster.nodes.find((node) => node !== meta)
    if (other === undefined) throw new Error('no second node')
    // Connected where nothing is lost, so the follow meets the election and no reconnect.
    const bus: Bus = await createNatsBus({ url: other.url, replicas: 3 })
    try {
      await bus.ensureStream(STREAM, ['fm.>'])
      for (let n = 1; n <= 40; n++)
        await bus.append(STREAM, `fm.${n % 2 === 0 ? 'even' : 'odd'}`, { n }, { msgId: `fm-${n}` })
      await streamLeaderOff(meta)
      await meta.kill()

      // What the bus says when it cannot make a consumer and reads the stream instead (nats-follow.ts).
      const readingLines: string[] = []
      const write = process.stderr.write.bind(process.stderr)
      const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk, ...rest) => {
        const line = String(chunk)
        if (line.includes('reading the stream meanwhile') && line.includes(STREAM)) readingLines.push(line)
        return write(chunk, ...(rest as []))
      })
      // Each message's sequence and its own number, as handed over.
      const seen: string[] = []
      const stop = await bus.follow(STREAM, 'fm.>', { fromSeq: 1 }, (message) => {
        seen.push(`${message.seq}:${decodeJson<{ n: number }>(message.data).n}`)
      })
      const upTo = (count: number) => Array.from({ length: count }, (_, i) => `${i + 1}:${i + 1}`)
      try {
        // Filed while no consumer can be made: the stream's leader takes it.
        for (let n = 41; n <= 50; n++) await bus.append(STREAM, `fm.odd`, { n }, { msgId: `fm-${n}` })
        await waitFor(() => seen.length >= 50, 8000, 'the follow to hand over all 50 messages')
        expect(seen).toEqual(upTo(50))
        // It was by reading: its ask for a consumer went to the lost meta leader. (Whether a consumer can be made by
        // the time all 50 are in depends on how soon the cluster elects, which a gate run showed can be sooner.)
        expect(readingLines.length).toBeGreaterThan(0)
        spy.mockRestore()

        await meta.start()
        await cluster.ready()
        await waitFor(() => consumerCanBeMade(other), 30_000, 'a consumer to be made again')
        for (let n = 51; n <= 60; n++) await bus.append(STREAM, `fm.even`, { n }, { msgId: `fm-${n}` })
        await waitFor(() => seen.length >= 60, 15_000, 'the follow to go on after the election')
        expect(seen).toEqual(upTo(60))
      } finally {
        spy.mockRestore()
        stop()
      }
    } finally {
      await bus.close()
      if (!meta.running) await meta.start()
    }
  }, 90_000)
})
