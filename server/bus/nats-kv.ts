import type { Kvm } from '@nats-io/kv'
import type { JetStreamManager } from '@nats-io/jetstream'
import { BusConflictError, BusReplicasError, BusUnavailableError, busError } from './errors'
import { isMadeMeanwhile, isWrongLastSequence } from './nats-errors'
import type { NatsFollow } from './nats-follow'
import { listKvEntries } from './nats-kv-keys'
import type { JsPublish } from './nats-publish'
import { ensureReplicas, isTooFewNodes, tooFewNodes } from './nats-replicas'
import { isTransient, retryTransient } from './nats-retry'
import { nextTurn } from './next-turn'
import { plainBytes, toBytes } from './payload'
import { assertKey, assertName } from './subjects'
import type { BusData, BusKv, KvOptions } from './types'

export async function openNatsKv(
  kvm: Kvm,
  jsm: JetStreamManager,
  publish: JsPublish,
  follow: NatsFollow,
  bucket: string,
  replicas: number,
  options: KvOptions = {},
): Promise<BusKv> {
  assertName('bucket', bucket)
  // `ttl` becomes the bucket's max_age when the bucket is created and is
  // ignored for an existing one; 2.9 has no per-key TTL. So are the
  // replicas, raised on the bucket's stream below. On a cluster every copy
  // answers a direct get, and one that lags returns what was there before a
  // write (a session just made reads as signed out), so reads go to the
  // stream's leader there.
  const consistent = { ttl: options.maxAgeMs ?? 0, replicas, ...(replicas > 1 ? { allow_direct: false } : {}) }
  // Opening makes the bucket or reads it as it stands: safe to repeat across a leader election.
  const open = async () => {
    const opened = await kvm.create(bucket, consistent)
    await ensureReplicas(jsm, `KV_${bucket}`, replicas)
    return opened
  }
  const kv = await retryTransient(() =>
    open().catch((error: unknown) => {
      if (isMadeMeanwhile(error)) return open()
      throw error
    }),
  ).catch((error: unknown) => {
    if (isTooFewNodes(error)) throw tooFewNodes(replicas, error)
    if (error instanceof BusReplicasError) throw error
    if (isTransient(error)) throw new BusUnavailableError(`opening bucket ${bucket}`, error)
    throw busError(`opening bucket ${bucket} failed`, error)
  })
  const where = (key: string) => `${key} in ${bucket}`
  const entries = (prefix = '') =>
    listKvEntries(kv, jsm, bucket, prefix).catch((error: unknown) => {
      throw kvError(error, `listing keys of ${bucket}`)
    })
  // A key's value is a message on its subject in the bucket's stream, as the client writes it; a revision is the
  // message's sequence.
  const write = async (key: string, value: BusData, expectLastSubjectSequence?: number) =>
    (await publish(`$KV.${bucket}.${key}`, toBytes(value), { expectLastSubjectSequence })).seq

  return {
    async get(key) {
      assertKey(key)
      const entry = await kv.get(key).catch((error: unknown) => {
        throw kvError(error, `reading ${where(key)}`)
      })
      if (entry === null || entry.operation !== 'PUT') return null
      return { value: plainBytes(entry.value), revision: entry.revision }
    },

    async create(key, value) {
      assertKey(key)
      await nextTurn()
      // A key never written is the common case; one deleted before takes the client's create, which reads its marker.
      return await write(key, value, 0)
        .catch((error: unknown) => {
          if (isWrongLastSequence(error)) return kv.create(key, toBytes(value))
          throw error
        })
        .catch((error: unknown) => {
          throw conflictOr(error, `${where(key)} already exists`, `creating ${where(key)}`)
        })
    },

    async update(key, value, revision) {
      assertKey(key)
      await nextTurn()
      return await write(key, value, revision).catch((error: unknown) => {
        throw conflictOr(error, `${where(key)} is not at revision ${revision}`, `updating ${where(key)}`)
      })
    },

    async put(key, value) {
      assertKey(key)
      await nextTurn()
      return await write(key, value).catch((error: unknown) => {
        throw kvError(error, `writing ${where(key)}`)
      })
    },

    async replace(key, value) {
      assertKey(key)
      await nextTurn()
      // A purge removes every earlier message of the key from the stream (the buckets keep one each anyway).
      await kv.purge(key).catch((error: unknown) => {
        throw kvError(error, `purging ${where(key)}`)
      })
      return await write(key, value).catch((error: unknown) => {
        throw kvError(error, `writing ${where(key)}`)
      })
    },

    async delete(key) {
      assertKey(key)
      await kv.delete(key).catch((error: unknown) => {
        throw kvError(error, `deleting ${where(key)}`)
      })
    },

    async keys(prefix = '') {
      return (await entries(prefix)).map((entry) => entry.key)
    },

    entries,

    async watch(onChange) {
      // Our own follow, not the client's watcher: that one is a push consumer,
      // and on a cluster a write can reach the consumer's node before our
      // interest in its deliveries does; the change then shows only at the
      // next heartbeat, seconds later. A follow pulls, so nothing goes astray.
      // It starts at the bucket's next revision, so no later write is missed.
      const prefix = `$KV.${bucket}.`
      return await kv
        .status()
        .then((status) =>
          follow(`KV_${bucket}`, `${prefix}>`, { fromSeq: status.streamInfo.state.last_seq + 1 }, (message) => {
            // A delete or purge is a marker with this header and no value.
            const removed = message.headers?.has('KV-Operation') === true
            onChange({ key: message.subject.slice(prefix.length), value: removed ? null : plainBytes(message.data) })
          }),
        )
        .catch((error: unknown) => {
          throw busError(`watching ${bucket} failed`, error)
        })
    },
  }
}

function conflictOr(error: unknown, conflict: string, doing: string): Error {
  return isWrongLastSequence(error) ? new BusConflictError(conflict, error) : kvError(error, doing)
}

// No leader for the bucket just now (a node lost): the caller may wait and try again.
function kvError(error: unknown, doing: string): Error {
  return isTransient(error) ? new BusUnavailableError(doing, error) : busError(`${doing} failed`, error)
}
