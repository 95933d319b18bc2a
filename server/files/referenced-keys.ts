// The object keys a record names (each file field's key and its preview):
// what a filing keeps of what its post stored.
import type { Bucket } from '../content/model'
import type { RecordView } from '../records/types'
import { readStoredFile } from './stored-file'
import { previewKey } from './upload-key'

export function referencedKeys(bucket: Bucket, view: RecordView): ReadonlySet<string> {
  const keys = new Set<string>()
  for (const field of bucket.fields) {
    const file = field.type === 'file' ? readStoredFile(view.fields[field.name]) : null
    if (file === null) continue
    keys.add(file.key)
    if (file.preview) keys.add(previewKey(file.key))
  }
  return keys
}
