// Report counts kept per (bucket, storyline, state) as events arrive, so
// reading them costs the same at a million records as at ten.
import type { RecordView } from './types'

export interface StateCount {
  readonly bucket: string
  readonly storyline: string
  readonly state: string
  readonly count: number
}

/** What a count is kept by. */
export type Counted = Pick<RecordView, 'bucket' | 'storyline' | 'state'>

export interface StateCounts {
  add(record: Counted, count?: number): void
  remove(record: Counted): void
  /** Sorted by bucket, storyline, state; zero counts left out. */
  list(): StateCount[]
  /** Records of `bucket` in any of `states`, over every storyline. */
  total(bucket: string, states: readonly string[]): number
}

export function createStateCounts(): StateCounts {
  // Counted in place: a replay of a million events makes no object per event.
  const counts = new Map<string, { bucket: string; storyline: string; state: string; count: number }>()
  // NUL cannot occur in a name or storyline, so keys never collide.
  const keyOf = (view: Counted) => `${view.bucket}\0${view.storyline}\0${view.state}`
  const change = (view: Counted, by: number) => {
    const key = keyOf(view)
    const entry = counts.get(key)
    if (entry === undefined)
      counts.set(key, { bucket: view.bucket, storyline: view.storyline, state: view.state, count: by })
    else if ((entry.count += by) <= 0) counts.delete(key)
  }
  return {
    add: (view, count = 1) => change(view, count),
    total(bucket, states) {
      const wanted = new Set(states)
      let sum = 0
      for (const c of counts.values()) if (c.bucket === bucket && wanted.has(c.state)) sum += c.count
      return sum
    },
    remove: (view) => change(view, -1),
    list: () =>
      [...counts.values()]
        .map((entry) => ({ ...entry }))
        .sort((a, b) => compare(a.bucket, b.bucket) || compare(a.storyline, b.storyline) || compare(a.state, b.state)),
  }
}

// Plain character order, the same on every machine (no locale).
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
