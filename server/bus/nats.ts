import { jetstream, jetstreamManager } from '@nats-io/jetstream'
import { Kvm } from '@nats-io/kv'
import { connect } from '@nats-io/transport-node'
import type { NatsConnection } from '@nats-io/transport-node'
import { busError } from './errors'
import { natsConnectOptions } from './nats-connect-options'
import type { NatsAccess } from './nats-connect-options'
import { createNatsRawFollow, followMessages } from './nats-follow'
import { openNatsKv } from './nats-kv'
import { createNatsMessaging } from './nats-messaging'
import { settleReplicas } from './nats-replicas'
import { createJsPublish } from './nats-publish'
import { retryTransient } from './nats-retry'
import { openNatsObjects } from './nats-objects'
import { createNatsStreams } from './nats-streams'
import type { Bus, BusStatus } from './types'

const START_WAIT_MS = 15_000

export interface NatsBusOptions extends NatsAccess {
  /** BUS_REPLICAS: copies of every stream, KV bucket and object store; 1 by default. */
  replicas?: number
  /** How long a start waits for the cluster to elect a leader and for BUS_REPLICAS nodes to join; 15 s by default. */
  startWaitMs?: number
}

export async function createNatsBus(access: NatsBusOptions): Promise<Bus> {
  const replicas = access.replicas ?? 1
  const startWaitMs = access.startWaitMs ?? START_WAIT_MS
  const { options, named } = natsConnectOptions(access)
  const nc = await connect({
    ...options,
    name: 'svc',
    // Never give up: a restarted or briefly unreachable server must not
    // leave the service without its bus until someone restarts it.
    maxReconnectAttempts: -1,
    // A restarted server is usually back within a second; the default 2 s
    // wait between attempts only lengthens the outage.
    reconnectTimeWait: 500,
    // The client otherwise builds two Errors per request in case it fails,
    // a stack capture each: a sixth of a filing's CPU. Our own errors name
    // what failed, so the extra stack buys nothing.
    noAsyncTraces: true,
  }).catch((error: unknown) => {
    // The client's own message names no credentials: they never were in its server list.
    throw busError(`connecting to ${named} failed: ${error instanceof Error ? error.message : String(error)}`)
  })
  const js = jetstream(nc)
  // A start while the cluster elects a leader waits for it.
  const jsm = await retryTransient(() => jetstreamManager(nc), startWaitMs).catch(async (error: unknown) => {
    await nc.close()
    throw busError(`JetStream is not available at ${named}`, error)
  })
  await retryTransient(() => settleReplicas(jsm, replicas, startWaitMs), startWaitMs).catch(async (error: unknown) => {
    await nc.close()
    throw error
  })
  const kvm = new Kvm(js)
  const publish = createJsPublish(nc)
  const status = trackStatus(nc)
  const rawFollow = createNatsRawFollow(js, jsm, status.onReconnect, () => nc.isClosed())

  return {
    ...createNatsStreams(js, jsm, publish, followMessages(rawFollow), replicas),
    ...createNatsMessaging(nc),
    kv: (bucket, options) => openNatsKv(kvm, jsm, publish, rawFollow, bucket, replicas, options),
    objects: (bucket) => openNatsObjects(js, jsm, bucket, replicas),
    status: status.current,
    onReconnect: status.onReconnect,
    isConnected: () => status.current() === 'connected',
    close: () => nc.close(),
  }
}

function trackStatus(nc: NatsConnection): { current: () => BusStatus; onReconnect: Bus['onReconnect'] } {
  let current: BusStatus = 'connected'
  const handlers = new Set<() => void>()
  void (async () => {
    for await (const event of nc.status()) {
      if (event.type === 'disconnect' || event.type === 'reconnecting') current = 'reconnecting'
      if (event.type === 'reconnect') {
        current = 'connected'
        for (const handler of handlers) handler()
      }
    }
  })()
  return {
    current: () => (nc.isClosed() ? 'closed' : current),
    onReconnect(handler) {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
  }
}
