// The fields a visitor sees of a record at the access they have.
import type { Bucket, Field } from '../content/model'
import type { RecordAccess } from '../policy/questions'

/** The fields shown at that access, in the bucket's order. */
export function shownFields(bucket: Bucket, access: RecordAccess): readonly Field[] {
  if (access === 'all') return bucket.fields
  const names = new Set(bucket.public?.fields ?? [])
  return bucket.fields.filter((field) => names.has(field.name))
}
