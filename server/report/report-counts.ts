// What GET /report, /report.csv and the page count: per (bucket, storyline,
// state) the records now in it and the records that ever entered it, and the
// visitors per storyline. Every entry is rebuilt from its fields, so nothing
// the index might one day keep beside a count can reach the public.
import type { StateCount } from '../records/state-counts'

export interface ReportCount {
  readonly bucket: string
  readonly storyline: string
  readonly state: string
  /** Records in this state now. */
  readonly count: number
  /** Records that ever entered this state, each once (those still in it included). */
  readonly reached: number
}

export interface VisitorCount {
  readonly storyline: string
  readonly count: number
}

export interface ReportCounts {
  readonly counts: readonly ReportCount[]
  readonly visitors: readonly VisitorCount[]
}

/** One entry per triple either list has, sorted by bucket, storyline, state in plain character order. */
export function reportCounts(
  now: readonly StateCount[],
  reached: readonly StateCount[],
  visitors: readonly VisitorCount[],
): ReportCounts {
  const merged = new Map<string, { bucket: string; storyline: string; state: string; count: number; reached: number }>()
  const entry = ({ bucket, storyline, state }: StateCount) => {
    // NUL occurs in no name.
    const key = `${bucket}\0${storyline}\0${state}`
    let found = merged.get(key)
    if (found === undefined) merged.set(key, (found = { bucket, storyline, state, count: 0, reached: 0 }))
    return found
  }
  for (const c of now) entry(c).count += c.count
  for (const c of reached) entry(c).reached += c.count
  const counts = [...merged.values()].sort(
    (a, b) => compare(a.bucket, b.bucket) || compare(a.storyline, b.storyline) || compare(a.state, b.state),
  )
  return {
    counts,
    visitors: visitors.map(({ storyline, count }) => ({ storyline, count })),
  }
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
