import { Objm } from '@nats-io/obj'
import type { JetStreamClient } from '@nats-io/jetstream'
import { busError } from './errors'
import { plainBytes } from './payload'
import { assertKey, assertName } from './subjects'
import type { BusObjects } from './types'

// The NATS Object Store splits a value into chunks under one name and checks
// its SHA-256 digest on reading; the object's description is written after
// its last chunk, so a reader never sees a half-written value.
export async function openNatsObjects(js: JetStreamClient, bucket: string): Promise<BusObjects> {
  assertName('bucket', bucket)
  const store = await new Objm(js).create(bucket).catch((error: unknown) => {
    throw busError(`opening object bucket ${bucket} failed`, error)
  })
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
