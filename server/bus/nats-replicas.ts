// BUS_REPLICAS on NATS: every stream the service or the mailer keeps (KV
// buckets and object stores are streams too) gets that many copies. One made
// with fewer, by an older release or a single-node start, is raised where it
// stands; the server copies its messages to the new peers.
import { randomBytes } from 'node:crypto'
import { JetStreamApiError, StorageType } from '@nats-io/jetstream'
import type { JetStreamManager, StreamInfo } from '@nats-io/jetstream'
import { log } from '../log'
import { BusReplicasError, busError } from './errors'

// No suitable peers for placement; replicas > 1 on a server without a cluster.
const TOO_FEW_NODES = new Set([10005, 10074])

export function isTooFewNodes(error: unknown): boolean {
  return error instanceof JetStreamApiError && TOO_FEW_NODES.has(error.code)
}

export function tooFewNodes(replicas: number, cause?: unknown): BusReplicasError {
  return new BusReplicasError(
    `[svc] [bus] BUS_REPLICAS is ${replicas} but the NATS cluster has fewer JetStream nodes: ` +
      `set BUS_REPLICAS to the number of nodes (1 for a single server) or add nodes`,
    cause === undefined ? undefined : { cause },
  )
}

/** Raises `info`'s stream to `replicas` when it has fewer; never lowers one an operator raised. */
export async function raiseReplicas(jsm: JetStreamManager, info: StreamInfo, replicas: number): Promise<void> {
  const name = info.config.name
  const had = info.config.num_replicas || 1
  if (had >= replicas) return
  try {
    await jsm.streams.update(name, { ...info.config, num_replicas: replicas })
  } catch (error) {
    if (isTooFewNodes(error)) throw tooFewNodes(replicas, error)
    throw new BusReplicasError(
      `[svc] [bus] stream ${name} has ${had} replica(s) and the server would not raise it to BUS_REPLICAS=${replicas} ` +
        `(${error instanceof Error ? error.message : String(error)}): raise it with ` +
        `\`nats stream edit ${name} --replicas ${replicas}\` or start with BUS_REPLICAS=${had}`,
      { cause: error },
    )
  }
  log('info', 'bus', `[svc] [bus] raised stream ${name} from ${had} to ${replicas} replicas`, {
    stream: name,
    from: had,
    to: replicas,
  })
}

/** Reads a stream the client library created or found, then raises it. */
export async function ensureReplicas(jsm: JetStreamManager, stream: string, replicas: number): Promise<void> {
  const info = await jsm.streams.info(stream).catch((error: unknown) => {
    throw busError(`reading stream ${stream} failed`, error)
  })
  await raiseReplicas(jsm, info, replicas)
}

// Ours: the service's and mailer's streams, KV buckets and object stores.
const OURS = /^(SVC_|KV_svc_|OBJ_svc_)/

// A peer still joining, or one a busy machine kept from its heartbeat for a
// moment, makes the server refuse placement (10005) on a cluster that has the
// nodes; a server without a cluster (10074) never will, so only 10005 is waited out.
const STILL_JOINING = 10005
const PROBE_PAUSE_MS = 500

/** Places a throwaway in-memory stream with `replicas` copies, waiting up to `waitMs` for peers to join. */
async function probePlacement(jsm: JetStreamManager, replicas: number, waitMs: number): Promise<void> {
  const until = Date.now() + waitMs
  for (let attempt = 0; ; attempt++) {
    const probe = `SVC_PROBE_${randomBytes(6).toString('hex')}`
    try {
      await jsm.streams.add({
        name: probe,
        subjects: [`svc.probe.${probe}`],
        storage: StorageType.Memory,
        num_replicas: replicas,
      })
      await jsm.streams.delete(probe).catch(() => undefined)
      return
    } catch (error) {
      if (!isTooFewNodes(error)) throw busError(`placing a stream with ${replicas} replicas failed`, error)
      const joining = error instanceof JetStreamApiError && error.code === STILL_JOINING
      if (!joining || Date.now() + PROBE_PAUSE_MS > until) throw tooFewNodes(replicas, error)
      if (attempt === 0)
        log('info', 'bus', `[svc] [bus] waiting up to ${Math.round(waitMs / 1000)} s for ${replicas} JetStream nodes`, {
          replicas,
          waitMs,
        })
      await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS))
    }
  }
}

/**
 * At connect: refuses BUS_REPLICAS the cluster cannot hold within `waitMs`
 * (a throwaway in-memory stream placed with that many replicas), then raises
 * every one of ours that has fewer, so none waits for its first use.
 */
export async function settleReplicas(jsm: JetStreamManager, replicas: number, waitMs: number): Promise<void> {
  if (replicas > 1) await probePlacement(jsm, replicas, waitMs)
  for await (const info of jsm.streams.list()) {
    if (OURS.test(info.config.name) && !info.config.name.startsWith('SVC_PROBE_'))
      await raiseReplicas(jsm, info, replicas)
  }
}
