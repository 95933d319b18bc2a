// Instances started together on a fresh bus each open the same KV buckets at
// once (sessions, visitor counts, keys): nats-server answers all but one of
// the streams' creates "subjects overlap with an existing stream", and an
// instance that took that for a failure would not start. Each opens the
// bucket the other made.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import { startNatsServer, type NatsServer } from '../support/nats-server'

let nats: NatsServer
const buses: Bus[] = []
beforeAll(async () => {
  nats = await startNatsServer()
  for (let i = 0; i < 8; i++) buses.push(await createNatsBus({ url: nats.url }))
})
afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()))
  await nats?.stop()
})

it('eight instances opening the same new buckets at once all open them, and see one another’s writes', async () => {
  for (let round = 0; round < 60; round++) {
    const bucket = `made_at_once_${round}`
    const opened = await Promise.all(buses.map((bus) => bus.kv(bucket)))
    await opened[0]!.put('written', { round })
    for (const kv of opened) expect((await kv.get('written'))?.revision).toBeGreaterThan(0)
  }
})
