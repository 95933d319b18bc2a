// A KV bucket's keys, listed while their values are being written (the
// suggestions desk lists suggestions while the one just accepted is written
// again with its commit): each key is listed once, or a page shows one entry
// twice. (Under writes this steady the client's listing also ends early,
// leaving keys out: not covered here.)
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import { startNatsServer, type NatsServer } from '../support/nats-server'

let nats: NatsServer
let bus: Bus
beforeAll(async () => {
  nats = await startNatsServer()
  bus = await createNatsBus({ url: nats.url })
})
afterAll(async () => {
  await bus?.close()
  await nats?.stop()
})

it('keys written again while they are listed are each listed once', async () => {
  const kv = await bus.kv('keys_listed_once')
  const names = Array.from({ length: 50 }, (_, n) => `key-${n}`)
  for (const name of names) await kv.put(name, { n: 0 })
  let writing = true
  const writer = (async () => {
    for (let n = 1; writing; n++) await Promise.all(names.map((name) => kv.put(name, { n })))
  })()
  try {
    for (let round = 0; round < 40; round++) {
      const listed = await kv.keys()
      expect(listed.length).toBe(new Set(listed).size)
      expect(listed.every((key) => names.includes(key))).toBe(true)
    }
  } finally {
    writing = false
    await writer
  }
})
