// A KV bucket's keys, listed while another instance writes their values again
// (the suggestions desk lists suggestions while the one just accepted is
// written again with its commit): each key is listed once, or a page shows
// one entry twice, and every key is listed, or a page leaves one out. The
// client's own listing did both; it ended early in 2 to 7 listings of 100
// here (1 to 45 of the 50 keys listed), so the second test lists 100 times.
// A key deleted is not listed until it is made again.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import { startNatsServer, type NatsServer } from '../support/nats-server'

let nats: NatsServer
let bus: Bus
let writingBus: Bus
beforeAll(async () => {
  nats = await startNatsServer()
  bus = await createNatsBus({ url: nats.url })
  writingBus = await createNatsBus({ url: nats.url })
})
afterAll(async () => {
  await writingBus?.close()
  await bus?.close()
  await nats?.stop()
})

const names = Array.from({ length: 50 }, (_, n) => `key-${n}`)

// Three writers per key each write it again as soon as their last write is
// acknowledged, while the keys are listed `rounds` times: with one, a
// listing ended early only half as often.
const WRITERS_PER_KEY = 3
async function listWhileWriting(bucket: string, rounds: number, check: (listed: string[]) => void): Promise<void> {
  const kv = await bus.kv(bucket)
  const writer = await writingBus.kv(bucket)
  for (const name of names) await kv.put(name, { n: 0 })
  let writing = true
  const writes = Promise.all(
    names.flatMap((name) =>
      Array.from({ length: WRITERS_PER_KEY }, async () => {
        for (let n = 1; writing; n++) await writer.put(name, { n })
      }),
    ),
  )
  try {
    for (let round = 0; round < rounds; round++) check(await kv.keys())
  } finally {
    writing = false
    await writes
  }
}

it('keys written again while they are listed are each listed once', async () => {
  await listWhileWriting('keys_listed_once', 40, (listed) => {
    expect(listed.length).toBe(new Set(listed).size)
    expect(listed.every((key) => names.includes(key))).toBe(true)
  })
})

it('every key is listed while its value is written again', async () => {
  const all = [...names].sort()
  const short: string[] = []
  let round = 0
  await listWhileWriting('keys_all_listed', 100, (listed) => {
    round++
    const sorted = [...listed].sort()
    if (sorted.join() !== all.join()) short.push(`round ${round}: ${new Set(listed).size} of ${names.length}`)
  })
  expect(short).toEqual([])
})

it('a deleted key is not listed, and is listed again once made again', async () => {
  const kv = await bus.kv('keys_deleted')
  await kv.put('users.ann', { n: 1 })
  await kv.put('users.bob', { n: 1 })
  await kv.delete('users.bob')
  expect(await kv.keys('users.')).toEqual(['users.ann'])
  expect(await kv.keys('users.b')).toEqual([])
  await kv.create('users.bob', { n: 2 })
  expect((await kv.keys('users.')).sort()).toEqual(['users.ann', 'users.bob'])
  expect(await kv.keys('users.b')).toEqual(['users.bob'])
})
