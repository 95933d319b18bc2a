// The report as the page shows it: per bucket a row per state and a column
// per storyline, in the content's order, with totals. Built from the index's
// counts alone, so it costs the same at a million records as at ten.
import type { SiteModel } from '../content/model'
import type { StateCount } from '../records/state-counts'
import { textAt } from '../content/storyline'

export interface ReportRow {
  readonly state: string
  readonly label: string
  /** One per storyline, in the order of ReportTables.storylines. */
  readonly counts: readonly number[]
  readonly total: number
}

export interface ReportTable {
  readonly bucket: string
  readonly title: string
  readonly rows: readonly ReportRow[]
  /** Per storyline, over all states. */
  readonly totals: readonly number[]
  readonly total: number
  /** The largest single count: the full width of a bar. */
  readonly max: number
}

export interface ReportTables {
  /** The site's storylines, then any a record still carries that the content dropped. */
  readonly storylines: readonly string[]
  readonly tables: readonly ReportTable[]
}

export function reportTables(site: SiteModel, story: number, counts: readonly StateCount[]): ReportTables {
  const storylines = inOrder(
    site.storylines,
    counts.map((c) => c.storyline),
  )
  const cells = new Map<string, number[]>()
  const countedStates = new Map<string, string[]>()
  for (const { bucket, storyline, state, count } of counts) {
    const key = cellKey(bucket, state)
    const row = cells.get(key) ?? storylines.map(() => 0)
    const column = storylines.indexOf(storyline)
    row[column] = (row[column] ?? 0) + count
    cells.set(key, row)
    const states = countedStates.get(bucket) ?? []
    states.push(state)
    countedStates.set(bucket, states)
  }
  const tables = inOrder(
    [...site.buckets.keys()],
    counts.map((c) => c.bucket),
  ).map((name): ReportTable => {
    const bucket = site.buckets.get(name)
    const states = inOrder(bucket?.states.map((s) => s.name) ?? [], countedStates.get(name) ?? [])
    const rows = states.map((state): ReportRow => {
      const row = cells.get(cellKey(name, state)) ?? storylines.map(() => 0)
      const label = textAt(bucket?.states.find((s) => s.name === state)?.label, story) || state
      return { state, label, counts: row, total: sum(row) }
    })
    const totals = storylines.map((_, column) => sum(rows.map((row) => row.counts[column] ?? 0)))
    const max = Math.max(0, ...rows.flatMap((row) => row.counts))
    return { bucket: name, title: textAt(bucket?.title, story) || name, rows, totals, total: sum(totals), max }
  })
  return { storylines, tables }
}

// A record may name what the content has since dropped (a bucket, a state, a
// storyline): it is still counted, after the declared ones, in plain order.
function inOrder(declared: readonly string[], seen: readonly string[]): string[] {
  const known = new Set(declared)
  const extra = [...new Set(seen)].filter((name) => !known.has(name)).sort()
  return [...declared, ...extra]
}

// NUL occurs in no bucket or state name.
const cellKey = (bucket: string, state: string): string => `${bucket}\0${state}`

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0)
