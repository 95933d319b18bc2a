// Ids in filing order per submitter and per (field, value), so a visitor's
// "mine" list and a record page's linked records read only their own
// records, not the whole bucket. Field values never change after filing,
// so a list only ever grows. Per-field lists are built on first use:
// only the fields some page filters on cost memory.
import type { RecordView } from './types'

export interface Postings {
  add(view: RecordView): void
  bySubmitter(bucket: string, submitter: string): readonly string[]
  byField(bucket: string, field: string, value: string, all: () => Iterable<RecordView>): readonly string[]
}

const EMPTY: readonly string[] = []

// Most submitters file once: their entry is the id itself, not a list of
// one, which at a million records is a good part of the index's memory.
type Ids = string | string[]

const push = (map: Map<string, Ids>, key: string, id: string) => {
  const ids = map.get(key)
  if (ids === undefined) map.set(key, id)
  else if (typeof ids === 'string') map.set(key, [ids, id])
  else ids.push(id)
}

const read = (ids: Ids | undefined): readonly string[] =>
  ids === undefined ? EMPTY : typeof ids === 'string' ? [ids] : ids

export function createPostings(): Postings {
  // bucket -> submitter -> ids; keyed by the view's own strings, so no key is a new string.
  const submitters = new Map<string, Map<string, Ids>>()
  // bucket -> field -> value -> ids
  const fields = new Map<string, Map<string, Map<string, Ids>>>()
  return {
    add(view) {
      let bucket = submitters.get(view.bucket)
      if (bucket === undefined) submitters.set(view.bucket, (bucket = new Map<string, Ids>()))
      push(bucket, view.submitter, view.id)
      for (const [field, values] of fields.get(view.bucket) ?? []) push(values, view.fields[field] ?? '', view.id)
    },
    bySubmitter: (bucket, submitter) => read(submitters.get(bucket)?.get(submitter)),
    byField(bucket, field, value, all) {
      let byField = fields.get(bucket)
      if (byField === undefined) fields.set(bucket, (byField = new Map<string, Map<string, Ids>>()))
      let values = byField.get(field)
      if (values === undefined) {
        values = new Map()
        for (const view of all()) push(values, view.fields[field] ?? '', view.id)
        byField.set(field, values)
      }
      return read(values.get(value))
    },
  }
}
