import type { KV, Kvm } from '@nats-io/kv'
import type { JetStreamManager } from '@nats-io/jetstream'
import { BusConflictError, busError, logBusError } from './errors'
import { isWrongLastSequence } from './nats-errors'
import { ensureReplicas, isTooFewNodes, tooFewNodes } from './nats-replicas'
import { nextTurn } from './next-turn'
import { plainBytes, toBytes } from './payload'
import { assertKey, assertName } from './subjects'
import type { BusKv, KvOptions } from './types'

export async function openNatsKv(
  kvm: Kvm,
  jsm: JetStreamManager,
  bucket: string,
  replicas: number,
  options: KvOptions = {},
): Promise<BusKv> {
  assertName('bucket', bucket)
  // `ttl` becomes the bucket's max_age when the bucket is created and is
  // ignored for an existing one; 2.9 has no per-key TTL. So are the
  // replicas, raised on the bucket's stream below.
  const kv = await kvm.create(bucket, { ttl: options.maxAgeMs ?? 0, replicas }).catch((error: unknown) => {
    if (isTooFewNodes(error)) throw tooFewNodes(replicas, error)
    throw busError(`opening bucket ${bucket} failed`, error)
  })
  await ensureReplicas(jsm, `KV_${bucket}`, replicas)
  const where = (key: string) => `${key} in ${bucket}`

  return {
    async get(key) {
      assertKey(key)
      const entry = await kv.get(key).catch((error: unknown) => {
        throw busError(`reading ${where(key)} failed`, error)
      })
      if (entry === null || entry.operation !== 'PUT') return null
      return { value: plainBytes(entry.value), revision: entry.revision }
    },

    async create(key, value) {
      assertKey(key)
      await nextTurn()
      return await kv.create(key, toBytes(value)).catch((error: unknown) => {
        throw conflictOr(error, `${where(key)} already exists`, `creating ${where(key)} failed`)
      })
    },

    async update(key, value, revision) {
      assertKey(key)
      await nextTurn()
      return await kv.update(key, toBytes(value), revision).catch((error: unknown) => {
        throw conflictOr(error, `${where(key)} is not at revision ${revision}`, `updating ${where(key)} failed`)
      })
    },

    async put(key, value) {
      assertKey(key)
      await nextTurn()
      return await kv.put(key, toBytes(value)).catch((error: unknown) => {
        throw busError(`writing ${where(key)} failed`, error)
      })
    },

    async delete(key) {
      assertKey(key)
      await kv.delete(key).catch((error: unknown) => {
        throw busError(`deleting ${where(key)} failed`, error)
      })
    },

    async keys(prefix = '') {
      try {
        return await listKeys(kv, prefix)
      } catch (error) {
        throw busError(`listing keys of ${bucket} failed`, error)
      }
    },

    async watch(onChange) {
      // "Updates only" starts at whatever is new once the server has made the
      // watcher, which can be after a write made right after watch() resolved:
      // start at the bucket's next revision instead, so no later write is missed.
      const changes = await kv
        .status()
        .then((status) => kv.watch({ resumeFromRevision: status.streamInfo.state.last_seq + 1 }))
        .catch((error: unknown) => {
          throw busError(`watching ${bucket} failed`, error)
        })
      void (async () => {
        for await (const entry of changes) {
          try {
            onChange({ key: entry.key, value: entry.operation === 'PUT' ? plainBytes(entry.value) : null })
          } catch (error) {
            logBusError(`watch handler on ${bucket} failed`, error)
          }
        }
      })().catch((error: unknown) => logBusError(`watching ${bucket} stopped`, error))
      return () => changes.stop()
    },
  }
}

// The server filters on whole tokens only, so ask for everything under the
// prefix's complete tokens and compare the unfinished last token here.
async function listKeys(kv: KV, prefix: string): Promise<string[]> {
  const lastDot = prefix.lastIndexOf('.')
  const filter = lastDot === -1 ? '>' : `${prefix.slice(0, lastDot)}.>`
  const keys: string[] = []
  for await (const key of await kv.keys(filter)) {
    if (key.startsWith(prefix)) keys.push(key)
  }
  return keys
}

function conflictOr(error: unknown, conflict: string, failure: string): Error {
  return isWrongLastSequence(error) ? new BusConflictError(conflict, error) : busError(failure, error)
}
