// What the automation endpoint reads: a record's KV projection (svc_records,
// `<bucket>:<id>`), through the unstorage driver over the bus KV, whose key
// encoding the projection store writes with, so it hands out exactly what was stored.
import type { Storage } from 'unstorage'
import type { Bucket, SiteModel } from '../content/model'
import { readStoredFile } from '../files/stored-file'
import { isRecordId } from '../names'
import { attachmentPath } from '../content/paths'
import { isErasedValue } from '../records/personal'
import { staffStory } from '../content/staff-story'
import { messagesFor } from '../messages/messages'

// Refusing anything but a record id keeps a key from reaching past one
// record: `:` or `/` would address other KV tokens.

/** The stored projection; null when the bucket is not a content bucket or nothing is stored. */
export async function readProjection(records: Storage, site: SiteModel, bucket: string, id: string): Promise<unknown> {
  const content = site.buckets.get(bucket)
  if (content === undefined || !isRecordId(id)) return null
  const stored = await records.getItem(`${bucket}:${id}`)
  return withErasedValues(site, content, withoutObjectKeys(content, id, stored))
}

// An erased personal value reads as erased, in staff's words, as on the desk and in its export (issue 29).
function withErasedValues(site: SiteModel, bucket: Bucket, stored: unknown): unknown {
  const record = (stored as { record?: { erasedAt?: string; fields?: Record<string, string> } } | null)?.record
  const fields = record?.fields
  if (record?.erasedAt === undefined || fields === undefined) return stored
  const erased = messagesFor(site, staffStory(site)).say('privacy.erased')
  for (const field of bucket.fields) if (isErasedValue(field, { ...record, fields })) fields[field.name] = erased
  return stored
}

// A file field names its attachment route, as the CSV export does: object keys never leave the service.
function withoutObjectKeys(bucket: Bucket, id: string, stored: unknown): unknown {
  const fields = (stored as { record?: { fields?: Record<string, string> } } | null)?.record?.fields
  if (fields === undefined) return stored
  for (const field of bucket.fields) {
    if (field.type !== 'file' || fields[field.name] === undefined) continue
    fields[field.name] = readStoredFile(fields[field.name]) === null ? '' : attachmentPath(bucket.name, id, field.name)
  }
  return stored
}
