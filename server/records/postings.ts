// Rows in filing order per submitter and per (field, value), so a visitor's
// "mine" list and a record page's linked records read only their own
// records, not the whole bucket. Field values never change after filing, so
// their lists only grow; a claim moves a row from one submitter's list to
// another's, in filing order. Each bucket's lists are built on
// the first question that needs them: an instance starting at a million
// records is ready without them, and only what pages ask for costs memory.
import { addressKey } from '../address-match'
import type { Details, RecordTable } from './record-table'

export interface Postings {
  /** A row just added to `table`. */
  add(table: RecordTable, row: number): void
  bySubmitter(table: RecordTable, submitter: string): readonly number[]
  /** A row whose submitter changed (a claim at sign-in). */
  resubmit(table: RecordTable, row: number, from: string, to: string): void
  /** A row whose submitter and fields changed from `before` (an erasure): listed under its values now. */
  rekey(table: RecordTable, row: number, before: Details): void
  byField(table: RecordTable, field: string, value: string): readonly number[]
  /** Rows whose `field` is `address`, compared as address-match.ts compares addresses. */
  byAddress(table: RecordTable, field: string, address: string): readonly number[]
}

const EMPTY: readonly number[] = []

// Most submitters file once: their entry is the row itself, not a list of one.
type Rows = number | number[]

const push = (map: Map<string, Rows>, key: string, row: number) => {
  const rows = map.get(key)
  if (rows === undefined) map.set(key, row)
  else if (typeof rows === 'number') map.set(key, [rows, row])
  else rows.push(row)
}

const read = (rows: Rows | undefined): readonly number[] =>
  rows === undefined ? EMPTY : typeof rows === 'number' ? [rows] : rows

// The submitter is one more "field" here, under a key no field name can be.
const SUBMITTER = '\0submitter'
// An address field by its address key is another, under the field's name after this.
const ADDRESS = '\0address\0'
const keyIn = (details: Details, field: string) =>
  field === SUBMITTER
    ? details.submitter
    : field.startsWith(ADDRESS)
      ? addressKey(details.fields[field.slice(ADDRESS.length)] ?? '')
      : (details.fields[field] ?? '')
const keyOf = (table: RecordTable, row: number, field: string) =>
  keyIn({ submitter: table.submitter(row), fields: table.fields(row) }, field)

/** `values` with `row` moved from the rows under `from` to those under `to`, each list in filing order. */
function moveRow(values: Map<string, Rows>, row: number, from: string, to: string): void {
  const rest = read(values.get(from)).filter((r) => r !== row)
  if (rest.length === 0) values.delete(from)
  else values.set(from, rest.length === 1 ? rest[0]! : rest)
  const rows = [...read(values.get(to)), row].sort((a, b) => a - b)
  values.set(to, rows.length === 1 ? rows[0]! : rows)
}

export function createPostings(): Postings {
  // bucket -> field -> value -> rows.
  const lists = new Map<string, Map<string, Map<string, Rows>>>()
  const lookUp = (table: RecordTable, field: string, value: string) => {
    let byField = lists.get(table.bucket)
    if (byField === undefined) lists.set(table.bucket, (byField = new Map<string, Map<string, Rows>>()))
    let values = byField.get(field)
    if (values === undefined) {
      values = new Map<string, Rows>()
      for (let row = 0; row < table.size(); row++) push(values, keyOf(table, row, field), row)
      byField.set(field, values)
    }
    return read(values.get(value))
  }
  return {
    add(table, row) {
      for (const [field, values] of lists.get(table.bucket) ?? []) push(values, keyOf(table, row, field), row)
    },
    bySubmitter: (table, submitter) => lookUp(table, SUBMITTER, submitter),
    resubmit(table, row, from, to) {
      const values = lists.get(table.bucket)?.get(SUBMITTER)
      if (values !== undefined) moveRow(values, row, from, to)
    },
    rekey(table, row, before) {
      for (const [field, values] of lists.get(table.bucket) ?? [])
        moveRow(values, row, keyIn(before, field), keyOf(table, row, field))
    },
    byField: lookUp,
    byAddress: (table, field, address) => lookUp(table, `${ADDRESS}${field}`, addressKey(address)),
  }
}
