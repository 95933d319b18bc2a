// SPEC 4, /attachment rules 1 and 2: a file is reachable only through a
// record the caller may see, and only as far as they may see that record: a
// desk reader of the bucket or the submitter sees every file field, a public
// view only the fields it lists. The key is read out of the record; no
// caller ever names one.
import type { Bucket } from '../content/model'
import { recordAccess, type Caller } from '../policy/questions'
import type { PolicyEngine } from '../policy/engine'
import type { RecordView } from '../records/types'
import { shownFields } from '../visitor/shown-fields'
import { readStoredFile, type StoredFile } from './stored-file'

/** The file, or null for every kind of "no": denied, no such record, not a file field, an empty one. */
export function attachmentOf(
  policy: PolicyEngine,
  caller: Caller,
  bucket: Bucket,
  view: RecordView | null,
  fieldName: string,
): StoredFile | null {
  if (view === null) return null
  const field = bucket.fields.find((f) => f.name === fieldName && f.type === 'file')
  if (field === undefined) return null
  const access = recordAccess(policy, caller, bucket, view)
  if (access === null || !shownFields(bucket, access).some((shown) => shown.name === field.name)) return null
  return readStoredFile(view.fields[field.name])
}
