// What the automation endpoint reads: a record's KV projection (svc_records,
// `<bucket>:<id>`), through the unstorage driver over the bus KV, whose key
// encoding the projection store writes with, so it hands out exactly what was stored.
import type { Storage } from 'unstorage'
import type { SiteModel } from '../content/model'
import { isRecordId } from '../names'

// Refusing anything but a record id keeps a key from reaching past one
// record: `:` or `/` would address other KV tokens.

/** The stored projection; null when the bucket is not a content bucket or nothing is stored. */
export async function readProjection(records: Storage, site: SiteModel, bucket: string, id: string): Promise<unknown> {
  if (!site.buckets.has(bucket) || !isRecordId(id)) return null
  return records.getItem(`${bucket}:${id}`)
}
