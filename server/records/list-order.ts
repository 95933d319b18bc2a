// A listing in another order than newest filing first, or of one reader's
// unread cases: every matching row is found, sorted and cut to the page. That
// reads the whole bucket, which a desk asking for its oldest, last moved or
// last active cases may; the default order stops at the page (record-index.ts).
import { createListFilter, type ListFilter } from './list-filter'
import type { RecordTable } from './record-table'
import type { RecordView } from './types'

export interface ListOrder {
  /** `activity`: the last filing, move or note first. */
  readonly by: 'newest' | 'oldest' | 'moved' | 'state' | 'activity'
  /** For `state`: the bucket's states in their declared order. */
  readonly states?: readonly string[]
}

export function listInOrder(
  table: RecordTable,
  query: ListFilter & { readonly offset: number; readonly limit: number },
  order: ListOrder,
): { total: number; items: RecordView[] } {
  const matches = createListFilter(query)
  const wanted = query.states === undefined ? undefined : new Set(query.states)
  const { unreadAfter } = query
  const rows: number[] = []
  for (let row = 0; row < table.size(); row++) {
    if (wanted !== undefined && !wanted.has(table.state(row))) continue
    if (unreadAfter !== undefined && !unread(table, row, unreadAfter)) continue
    if (query.text === undefined && query.submitter === undefined && query.where === undefined) rows.push(row)
    else if (matches(table.view(row))) rows.push(row)
  }
  rows.sort(compareRows(table, order))
  const items = rows.slice(query.offset, query.offset + query.limit).map((row) => table.view(row))
  return { total: rows.length, items }
}

function unread(table: RecordTable, row: number, after: ReadonlyMap<string, number>): boolean {
  const heard = table.heardSeq(row)
  return heard > 0 && heard > (after.get(table.view(row).id) ?? 0)
}

// Ties (and unreadable times) fall back to the newest filing first, so a page never shuffles.
function compareRows(table: RecordTable, order: ListOrder): (a: number, b: number) => number {
  const newest = (a: number, b: number) => b - a
  switch (order.by) {
    case 'oldest':
      return (a, b) => a - b
    case 'moved':
      return (a, b) => (table.enteredMs(b) || 0) - (table.enteredMs(a) || 0) || newest(a, b)
    case 'activity':
      return (a, b) => (table.activeMs(b) || 0) - (table.activeMs(a) || 0) || newest(a, b)
    case 'state': {
      const rank = new Map((order.states ?? []).map((state, i) => [state, i]))
      const at = (row: number) => rank.get(table.state(row)) ?? rank.size
      return (a, b) => at(a) - at(b) || newest(a, b)
    }
    case 'newest':
      return newest
  }
}
