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

export function createPostings(): Postings {
  const submitters = new Map<string, string[]>()
  // bucket\0field -> value -> ids
  const fields = new Map<string, Map<string, string[]>>()
  const push = (map: Map<string, string[]>, key: string, id: string) => {
    const ids = map.get(key)
    if (ids) ids.push(id)
    else map.set(key, [id])
  }
  return {
    add(view) {
      push(submitters, `${view.bucket}\0${view.submitter}`, view.id)
      for (const [key, values] of fields) {
        const [bucket, field] = key.split('\0')
        if (bucket === view.bucket && field !== undefined) push(values, view.fields[field] ?? '', view.id)
      }
    },
    bySubmitter: (bucket, submitter) => submitters.get(`${bucket}\0${submitter}`) ?? EMPTY,
    byField(bucket, field, value, all) {
      const key = `${bucket}\0${field}`
      let values = fields.get(key)
      if (values === undefined) {
        values = new Map()
        for (const view of all()) push(values, view.fields[field] ?? '', view.id)
        fields.set(key, values)
      }
      return values.get(value) ?? EMPTY
    },
  }
}
