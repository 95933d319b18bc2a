import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { busError } from './errors'
import { createLocalKvStore } from './local-kv'
import { createLocalMessaging } from './local-messaging'
import { openLocalObjects } from './local-objects'
import { createLocalStreams } from './local-streams'
import { createLocalWork } from './local-work'
import type { Bus } from './types'

export interface LocalBusOptions {
  dataDir: string
}

// The embedded bus for a single process: streams and KV buckets are
// append-only JSON-lines files under dataDir that a restart reads back.
// Only one process may open a dataDir at a time.
export async function createLocalBus({ dataDir }: LocalBusOptions): Promise<Bus> {
  const streamsDir = join(dataDir, 'streams')
  const kvDir = join(dataDir, 'kv')
  const objectsDir = join(dataDir, 'objects')
  mkdirSync(streamsDir, { recursive: true })
  mkdirSync(kvDir, { recursive: true })

  let closed = false
  const assertOpen = () => {
    if (closed) throw busError('the bus is closed')
  }
  const streams = createLocalStreams(streamsDir, assertOpen)
  const kvStore = createLocalKvStore(kvDir, assertOpen)
  const messaging = createLocalMessaging(assertOpen)
  const work = createLocalWork(streamsDir, streams.follow)

  return {
    ensureStream: streams.ensureStream,
    append: streams.append,
    follow: streams.follow,
    consume: work.consume,
    workPending: work.pending,
    lastSubjectSequence: streams.lastSubjectSequence,
    lastSequence: streams.lastSequence,
    kv: async (bucket, options) => kvStore.open(bucket, options),
    objects: async (bucket) => openLocalObjects(objectsDir, bucket, assertOpen),
    publish: messaging.publish,
    subscribe: messaging.subscribe,
    request: messaging.request,
    respond: messaging.respond,
    status: () => (closed ? 'closed' : 'connected'),
    // One process never loses its own bus.
    onReconnect: () => () => undefined,
    isConnected: () => !closed,
    async close() {
      closed = true
      streams.close()
      kvStore.close()
      messaging.close()
    },
  }
}
