import { jetstreamManager } from '@nats-io/jetstream'
import { connect } from '@nats-io/transport-node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBus } from '../../server/bus/create-bus'
import { createNatsBus } from '../../server/bus/nats'
import { decodeJson } from '../../server/bus/payload'
import type { StreamMessage } from '../../server/bus/types'
import { startNatsServer } from '../support/nats-server'
import type { NatsServer } from '../support/nats-server'
import { runBusContract } from './bus-contract'
import { runWorkContract } from './work-contract'
import { sleep, waitFor } from './wait'

let server: NatsServer
beforeAll(async () => {
  server = await startNatsServer()
})
afterAll(async () => {
  await server.stop()
})

runBusContract('nats', () => createNatsBus({ url: server.url }))
runWorkContract('nats', () => createNatsBus({ url: server.url }))

describe('nats work queue across processes', () => {
  it('two consumers of one name on two connections share the work: each message done once', async () => {
    const [a, b] = await Promise.all([createNatsBus({ url: server.url }), createNatsBus({ url: server.url })])
    await a.ensureStream('WORK_SHARED', ['work-shared.>'])
    const done: [string, number][] = []
    const handler = (who: string) => async (message: StreamMessage) => {
      await sleep(5)
      done.push([who, message.seq])
      return { done: true } as const
    }
    const stops = [
      await a.consume('WORK_SHARED', 'shared', 'work-shared.>', { concurrency: 4 }, handler('a')),
      await b.consume('WORK_SHARED', 'shared', 'work-shared.>', { concurrency: 4 }, handler('b')),
    ]
    for (let n = 0; n < 200; n++) await a.append('WORK_SHARED', `work-shared.${n}`, { n })
    await waitFor(() => done.length >= 200, 10_000, 'all 200 done')
    await sleep(300)
    for (const stop of stops) stop()
    await Promise.all([a.close(), b.close()])
    expect(done).toHaveLength(200)
    expect(new Set(done.map(([, seq]) => seq)).size).toBe(200)
    expect(new Set(done.map(([who]) => who))).toEqual(new Set(['a', 'b']))
  })
})

describe('Runtime configuration: BUS_URL: createBus with BUS_URL', () => {
  it('connects to NATS', async () => {
    const bus = await createBus({ BUS_URL: server.url, DATA_DIR: '/nonexistent' })
    await bus.ensureStream('CREATE_BUS', ['create-bus.>'])
    expect(await bus.append('CREATE_BUS', 'create-bus.a', { n: 1 })).toEqual({ seq: 1, duplicate: false })
    await bus.close()
  })
})

describe('nats bus across a server restart', () => {
  let own: NatsServer
  beforeAll(async () => {
    own = await startNatsServer()
  })
  afterAll(async () => {
    await own.stop()
  })

  it('reconnects by itself, appends again and has lost nothing acknowledged', async () => {
    const bus = await createNatsBus({ url: own.url })
    await bus.ensureStream('SVC_RECORDS', ['svc.rec.>'])
    for (const n of [1, 2, 3]) {
      await bus.append('SVC_RECORDS', `svc.rec.cases.${n}`, { n }, { expectLastSubjectSequence: 0 })
    }
    const sessions = await bus.kv('svc_sessions')
    await sessions.create('s1', { user: 'ann' })
    const live: StreamMessage[] = []
    const stop = await bus.follow('SVC_RECORDS', 'svc.rec.>', {}, (message) => void live.push(message))
    await waitFor(() => live.length === 3, 5000, 'the first three messages')

    let reconnects = 0
    bus.onReconnect(() => reconnects++)
    await own.restart()
    await waitFor(() => bus.isConnected(), 10_000, 'the bus to reconnect')
    expect(reconnects).toBe(1)

    const after = await bus.append('SVC_RECORDS', 'svc.rec.cases.1', { n: 4 }, { expectLastSubjectSequence: 1 })
    expect(after).toEqual({ seq: 4, duplicate: false })
    expect(decodeJson((await sessions.get('s1'))?.value ?? new Uint8Array())).toEqual({ user: 'ann' })

    const replayed: StreamMessage[] = []
    const stopReplay = await bus.follow('SVC_RECORDS', 'svc.rec.>', {}, (message) => void replayed.push(message))
    await waitFor(() => replayed.length === 4, 5000, 'all four messages')
    stopReplay()
    expect(replayed.map((message) => decodeJson(message.data))).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }])

    // the follow started before the restart carries on where it was, and
    // repeats nothing: a later append arrives right after the fourth
    const later = await bus.append('SVC_RECORDS', 'svc.rec.cases.2', { n: 5 })
    await waitFor(() => live.some((message) => message.seq === later.seq), 15_000, 'the live follow to resume')
    expect(live.map((message) => message.seq)).toEqual([1, 2, 3, 4, 5])
    stop()
    await bus.close()
  })

  it(
    'Stays up: a follow resumes after a restart under load from the message after the last it delivered, none ' +
      'lost or repeated, and leaves no consumer behind',
    async () => {
      const stream = 'FOLLOW_LOAD'
      const [bus, writer] = await Promise.all([createNatsBus({ url: own.url }), createNatsBus({ url: own.url })])
      await bus.ensureStream(stream, ['load.>'])
      const seen: number[] = []
      const stop = await bus.follow(stream, 'load.>', {}, (message) => void seen.push(message.seq))
      let appended = 0
      let appending = true
      // Eight writers, like instances filing at once; an append refused during the outage is simply not counted.
      const writers = Array.from({ length: 8 }, async (_, w) => {
        for (let n = 0; appending; n++) {
          const ok = await writer.append(stream, `load.${w}.${n}`, { w, n }).then(
            () => true,
            () => false,
          )
          if (ok) appended++
          else await sleep(20)
        }
      })
      await waitFor(() => appended >= 1500, 20_000, '1500 appends before the restart')
      await own.restart()
      const resumedFrom = appended
      await waitFor(() => appended >= resumedFrom + 1500, 20_000, '1500 appends after the restart')
      appending = false
      await Promise.all(writers)

      const last = await bus.lastSequence(stream)
      await waitFor(() => seen.length >= last, 20_000, `the follow to deliver all ${last} messages`)
      expect(seen).toEqual(Array.from({ length: last }, (_, i) => i + 1))

      stop()
      const nc = await connect({ servers: own.url })
      const jsm = await jetstreamManager(nc)
      await waitFor(
        async () => (await jsm.consumers.list(stream).next()).length === 0,
        5000,
        'no consumer left on the stream',
      )
      await nc.close()
      await Promise.all([bus.close(), writer.close()])
    },
  )

  it('Stays up: a follow whose consumer the server dropped resumes from the next message', async () => {
    const stream = 'FOLLOW_DROPPED'
    const bus = await createNatsBus({ url: own.url })
    await bus.ensureStream(stream, ['dropped.>'])
    for (const n of [1, 2, 3]) await bus.append(stream, `dropped.${n}`, { n })
    const seen: StreamMessage[] = []
    const stop = await bus.follow(stream, 'dropped.>', {}, (message) => void seen.push(message))
    await waitFor(() => seen.length === 3, 5000, 'the first three messages')

    // What an operator's `nats consumer rm` or the server's own clean-up does.
    const nc = await connect({ servers: own.url })
    const jsm = await jetstreamManager(nc)
    for (const consumer of await jsm.consumers.list(stream).next()) await jsm.consumers.delete(stream, consumer.name)
    for (const n of [4, 5]) await bus.append(stream, `dropped.${n}`, { n })

    await waitFor(() => seen.length >= 5, 10_000, 'the follow to resume')
    expect(seen.map((message) => decodeJson(message.data))).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }, { n: 5 }])
    stop()
    await nc.close()
    await bus.close()
  })
})
