import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBus } from '../../server/bus/create-bus'
import { createNatsBus } from '../../server/bus/nats'
import { decodeJson } from '../../server/bus/payload'
import type { StreamMessage } from '../../server/bus/types'
import { startNatsServer } from '../support/nats-server'
import type { NatsServer } from '../support/nats-server'
import { runBusContract } from './contract'
import { waitFor } from './wait'

let server: NatsServer
beforeAll(async () => {
  server = await startNatsServer()
})
afterAll(async () => {
  await server.stop()
})

runBusContract('nats', () => createNatsBus({ url: server.url }))

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
})
