// A bucket's records as export rows: the record's own columns, then one
// column per field by name, values as stored (choice values, record ids), so
// nothing from another bucket enters the file; a file as its attachment
// route, never its object key.
import type { Bucket } from '../content/model'
import type { RecordView } from '../records/types'
import { readStoredFile } from '../files/stored-file'
import { attachmentPath } from '../content/paths'
import { isErasedValue } from '../content/personal-data'

function exportHeader(bucket: Bucket): string[] {
  return ['id', 'state', 'storyline', 'filed', ...bucket.fields.map((field) => field.name)]
}

/** `erased` is what an erased personal value reads as, in the reader's words. */
function exportRow(bucket: Bucket, view: RecordView, erased: string): string[] {
  return [
    view.id,
    view.state,
    view.storyline,
    view.filedAt,
    ...bucket.fields.map((field) => {
      if (isErasedValue(field, view)) return erased
      const value = view.fields[field.name] ?? ''
      if (field.type !== 'file') return value
      return readStoredFile(value) === null ? '' : attachmentPath(bucket.name, view.id, field.name)
    }),
  ]
}

export function exportRows(bucket: Bucket, views: Iterable<RecordView>, erased: string): string[][] {
  const rows = [exportHeader(bucket)]
  for (const view of views) rows.push(exportRow(bucket, view, erased))
  return rows
}

/** `caseworkers-potholes-2030-01-01.csv`: names are [a-z0-9_], so no quoting trouble. */
export function exportFileName(desk: string, bucket: string, now: Date): string {
  return `${desk}-${bucket}-${now.toISOString().slice(0, 10)}.csv`
}
