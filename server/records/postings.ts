// Ids in filing order per submitter and per (field, value), so a visitor's
// "mine" list and a record page's linked records read only their own
// records, not the whole bucket. Field values and submitters never change
// after filing, so a list only ever grows. Each bucket's lists are built on
// the first question that needs them: an instance starting at a million
// records is ready without them, and only what pages ask for costs memory.
import type { RecordView } from './types'

export interface Postings {
  add(view: RecordView): void
  bySubmitter(bucket: string, submitter: string, all: () => Iterable<RecordView>): readonly string[]
  byField(bucket: string, field: string, value: string, all: () => Iterable<RecordView>): readonly string[]
}

const EMPTY: readonly string[] = []

// Most submitters file once: their entry is the id itself, not a list of one.
type Ids = string | string[]

const push = (map: Map<string, Ids>, key: string, id: string) => {
  const ids = map.get(key)
  if (ids === undefined) map.set(key, id)
  else if (typeof ids === 'string') map.set(key, [ids, id])
  else ids.push(id)
}

const read = (ids: Ids | undefined): readonly string[] =>
  ids === undefined ? EMPTY : typeof ids === 'string' ? [ids] : ids

// The submitter is one more "field" here, under a key no field name can be.
const SUBMITTER = '\0submitter'
const keyOf = (view: RecordView, field: string) => (field === SUBMITTER ? view.submitter : (view.fields[field] ?? ''))

export function createPostings(): Postings {
  // bucket -> field -> value -> ids, keyed by the views' own strings.
  const lists = new Map<string, Map<string, Map<string, Ids>>>()
  const lookUp = (bucket: string, field: string, value: string, all: () => Iterable<RecordView>) => {
    let byField = lists.get(bucket)
    if (byField === undefined) lists.set(bucket, (byField = new Map<string, Map<string, Ids>>()))
    let values = byField.get(field)
    if (values === undefined) {
      values = new Map<string, Ids>()
      for (const view of all()) push(values, keyOf(view, field), view.id)
      byField.set(field, values)
    }
    return read(values.get(value))
  }
  return {
    add(view) {
      for (const [field, values] of lists.get(view.bucket) ?? []) push(values, keyOf(view, field), view.id)
    },
    bySubmitter: (bucket, submitter, all) => lookUp(bucket, SUBMITTER, submitter, all),
    byField: lookUp,
  }
}
