// A record's name: its bucket's first text field, or its id when that is
// empty or the bucket has no text field (docs/content.md, record).
import type { Bucket } from './model'

interface Named {
  readonly id: string
  readonly fields: Readonly<Record<string, string | undefined>>
}

/** The field that names a bucket's records, when it has a text field. */
export function nameField(bucket: Bucket | undefined): string | undefined {
  return bucket?.fields.find((field) => field.type === 'text')?.name
}

export function recordName(bucket: Bucket | undefined, record: Named): string {
  const field = nameField(bucket)
  return (field && record.fields[field]?.trim()) || record.id
}
