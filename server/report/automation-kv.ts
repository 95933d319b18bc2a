// What the automation endpoint reads: a record's KV projection (svc_records,
// `<bucket>:<id>`), through the unstorage driver over the bus KV, whose key
// encoding the projection store writes with, so it hands out exactly what was stored.
import type { Storage } from 'unstorage'
import type { SiteModel } from '../content/model'

// A record id is URL-safe base64. Refusing anything else keeps a key from
// reaching past one record: `:` or `/` would address other KV tokens.
const RECORD_ID = /^[-_A-Za-z0-9]{1,64}$/

/** The stored projection; null when the bucket is not a content bucket or nothing is stored. */
export async function readProjection(records: Storage, site: SiteModel, bucket: string, id: string): Promise<unknown> {
  if (!site.buckets.has(bucket) || !RECORD_ID.test(id)) return null
  return records.getItem(`${bucket}:${id}`)
}
