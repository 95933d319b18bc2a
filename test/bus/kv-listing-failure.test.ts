// A KV listing whose read of one key fails has failed: its other readers stop
// instead of reading the rest of the bucket for nobody, while the caller, told
// of the failure, may already be listing again (a bucket of thousands of keys
// read twice over at once is the pile-up the listing's limit of 64 reads at a
// time is there to prevent). The bucket is real; only the one failing read is
// made to fail, since nats-server cannot be made to fail one read of many.
import { jetstreamManager } from '@nats-io/jetstream'
import { Kvm, type KV } from '@nats-io/kv'
import { connect, type NatsConnection } from '@nats-io/transport-node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { listKvEntries } from '../../server/bus/nats-kv-keys'
import { startNatsServer, type NatsServer } from '../support/nats-server'

const KEYS = 1000
let nats: NatsServer
let nc: NatsConnection
let kv: KV
beforeAll(async () => {
  nats = await startNatsServer()
  nc = await connect({ servers: nats.url })
  kv = await new Kvm(nc).create('listing_fails')
  for (let n = 0; n < KEYS; n += 100)
    await Promise.all(Array.from({ length: 100 }, (_, k) => kv.put(`key-${n + k}`, `${n + k}`)))
})
afterAll(async () => {
  await nc?.close()
  await nats?.stop()
})

it('a listing whose read of one key fails stops reading the rest of the bucket', async () => {
  let reads = 0
  const failingOnce = {
    get: async (key: string) => {
      reads++
      if (reads === 100) throw new Error('[test] this read timed out')
      return kv.get(key)
    },
  } as KV
  await expect(listKvEntries(failingOnce, await jetstreamManager(nc), 'listing_fails', '')).rejects.toThrow(
    'this read timed out',
  )
  const atFailure = reads
  // Long enough for the other 900 reads to have been made, were they still going.
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(reads).toBe(atFailure)
  expect(reads).toBeLessThan(KEYS)
})

it('the same listing without the failure reads every key once and lists them all', async () => {
  let reads = 0
  const counted = {
    get: async (key: string) => {
      reads++
      return kv.get(key)
    },
  } as KV
  const listed = await listKvEntries(counted, await jetstreamManager(nc), 'listing_fails', '')
  expect(reads).toBe(KEYS)
  expect(listed.map((entry) => entry.key).sort()).toEqual(Array.from({ length: KEYS }, (_, n) => `key-${n}`).sort())
})
