import { Objm } from '@nats-io/obj'
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream'
import { busError } from './errors'
import { ensureReplicas, isTooFewNodes, tooFewNodes } from './nats-replicas'
import { plainBytes } from './payload'
import { assertKey, assertName } from './subjects'
import type { BusObjects } from './types'

// The NATS Object Store splits a value into chunks under one name and checks
// its SHA-256 digest on reading; the object's description is written after
// its last chunk, so a reader never sees a half-written value.
export async function openNatsObjects(
  js: JetStreamClient,
  jsm: JetStreamManager,
  bucket: string,
  replicas: number,
): Promise<BusObjects> {
  assertName('bucket', bucket)
  const store = await new Objm(js).create(bucket, { replicas }).catch((error: unknown) => {
    if (isTooFewNodes(error)) throw tooFewNodes(replicas, error)
    throw busError(`opening object bucket ${bucket} failed`, error)
  })
  await ensureReplicas(jsm, `OBJ_${bucket}`, replicas)
  const where = (name: string) => `object ${name} in ${bucket}`
  return {
    async put(name, data) {
      assertKey(name)
      await store.putBlob({ name }, data).catch((error: unknown) => {
        throw busError(`writing ${where(name)} failed`, error)
      })
    },
    async get(name) {
      assertKey(name)
      const bytes = await store.getBlob(name).catch((error: unknown) => {
        throw busError(`reading ${where(name)} failed`, error)
      })
      return bytes === null ? null : plainBytes(bytes)
    },
  }
}
