// The service's own JetStream publish (server/bus/nats-publish.ts) against a
// real nats-server: what the stream answers reaches the caller as the client's
// own errors, so retries and conflicts read them as before.
import { JetStreamApiError, jetstreamManager } from '@nats-io/jetstream'
import { connect, type NatsConnection } from '@nats-io/transport-node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createJsPublish, type JsPublish } from '../../server/bus/nats-publish'
import { isWrongLastSequence } from '../../server/bus/nats-errors'
import { isTransient } from '../../server/bus/nats-retry'
import { startNatsServer, type NatsServer } from '../support/nats-server'

let server: NatsServer
let nc: NatsConnection
let publish: JsPublish
const bytes = new TextEncoder().encode('{"n":1}')

beforeAll(async () => {
  server = await startNatsServer()
  nc = await connect({ servers: server.url })
  const jsm = await jetstreamManager(nc)
  await jsm.streams.add({ name: 'PUB', subjects: ['pub.>'] })
  await jsm.streams.add({ name: 'OTHER', subjects: ['other.>'] })
  publish = createJsPublish(nc)
})
afterAll(async () => {
  await nc?.close()
  await server?.stop()
})

describe('publishing to JetStream on our own inbox', () => {
  it('answers each publish with its stream sequence, many in flight at once', async () => {
    const acks = await Promise.all(
      Array.from({ length: 200 }, (_, n) => publish(`pub.many.${n}`, bytes, { timeoutMs: 5000 })),
    )
    const seqs = acks.map((ack) => ack.seq)
    expect(new Set(seqs).size).toBe(200)
    expect(acks.every((ack) => !ack.duplicate)).toBe(true)
    const stored = await (await jetstreamManager(nc)).streams.getMessage('PUB', { seq: seqs[17] ?? 0 })
    expect(stored?.subject).toBe('pub.many.17')
  })

  it('stores a message sent again with its msgId once, the second answered as a duplicate of the first', async () => {
    const first = await publish('pub.dup', bytes, { timeoutMs: 5000, msgId: 'same-id' })
    const again = await publish('pub.dup', bytes, { timeoutMs: 5000, msgId: 'same-id' })
    expect(again).toEqual({ seq: first.seq, duplicate: true })
  })

  it('refuses a stale expected subject sequence as the client would (a conflict, not a failure to retry)', async () => {
    await publish('pub.guarded', bytes, { timeoutMs: 5000, expectLastSubjectSequence: 0 })
    const refused = await publish('pub.guarded', bytes, { timeoutMs: 5000, expectLastSubjectSequence: 0 }).catch(
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(JetStreamApiError)
    expect(isWrongLastSequence(refused)).toBe(true)
    expect(isTransient(refused)).toBe(false)
  })

  it('refuses a subject of another stream than the one named', async () => {
    const refused = await publish('other.x', bytes, { timeoutMs: 5000, stream: 'PUB' }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(JetStreamApiError)
    expect(isTransient(refused)).toBe(false)
  })

  it('says no responders, to be tried again, for a subject no stream holds (a stream without a leader)', async () => {
    const refused = await publish('nowhere.x', bytes, { timeoutMs: 5000 }).catch((error: unknown) => error)
    expect(String(refused)).toContain('no responders')
    expect(isTransient(refused)).toBe(true)
  })

  it('times out, to be tried again, when something listens on the subject but never acknowledges', async () => {
    const silent = nc.subscribe('silent.x')
    try {
      const started = Date.now()
      const refused = await publish('silent.x', bytes, { timeoutMs: 300 }).catch((error: unknown) => error)
      expect(String(refused)).toContain('timeout')
      expect(isTransient(refused)).toBe(true)
      expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    } finally {
      silent.unsubscribe()
    }
  })

  it('fails what is still waiting when the connection closes, rather than leaving it waiting', async () => {
    const own = await connect({ servers: server.url })
    const ownPublish = createJsPublish(own)
    own.subscribe('hush.x')
    const waiting = ownPublish('hush.x', bytes, { timeoutMs: 60_000 }).catch((error: unknown) => error)
    await own.flush()
    await own.close()
    expect(String(await waiting)).toContain('connection closed')
  })
})
