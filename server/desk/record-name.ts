// A record's name: its bucket's first text field, or its id when that is
// empty or the bucket has no text field (docs/content.md, record).
import type { Bucket } from '../content/model'
import type { RecordView } from '../records/types'

export function recordName(bucket: Bucket | undefined, view: RecordView): string {
  const field = bucket?.fields.find((candidate) => candidate.type === 'text')
  return (field && view.fields[field.name]?.trim()) || view.id
}
