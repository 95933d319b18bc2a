// What the automation endpoint reads: a record's KV projection (svc_records,
// `<bucket>:<id>`), through the same unstorage driver and key encoding the
// projection store writes with, so it hands out exactly what was stored.
import { createStorage, type Storage } from 'unstorage'
import { useBus } from '../app/bus'
import { createBusKvDriver } from '../bus/kv-driver'
import type { SiteModel } from '../content/model'
import { RECORDS_KV } from '../records/types'

// A record id is URL-safe base64. Refusing anything else keeps a key from
// reaching past one record: `:` or `/` would address other KV tokens.
const RECORD_ID = /^[-_A-Za-z0-9]{1,64}$/

let storage: Promise<Storage> | undefined

/** The stored projection; null when the bucket is not a content bucket or nothing is stored. */
export async function readProjection(site: SiteModel, bucket: string, id: string): Promise<unknown> {
  if (!site.buckets.has(bucket) || !RECORD_ID.test(id)) return null
  storage ??= useBus().then((bus) => createStorage({ driver: createBusKvDriver({ bus, bucket: RECORDS_KV }) }))
  return (await storage).getItem(`${bucket}:${id}`)
}
