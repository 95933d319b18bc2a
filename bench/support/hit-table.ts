// The figures of a run of simulated people, one row per kind of request.
import { quantile } from './timing'
import type { Hit } from './visits'

export const HIT_HEADER = ['kind', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'failures', 'statuses']

/** One row per `what`, in the order given (kinds not given follow as first met); failures are hits not `ok`. */
export function hitRows(hits: readonly Hit[], elapsedMs: number, order: readonly string[] = []): (string | number)[][] {
  const kinds = new Map<string, Hit[]>(order.map((what) => [what, []]))
  for (const hit of hits) {
    const list = kinds.get(hit.what) ?? []
    list.push(hit)
    kinds.set(hit.what, list)
  }
  return [...kinds].map(([what, list]) => hitRow(what, list, elapsedMs))
}

export function hitRow(label: string, hits: readonly Hit[], elapsedMs: number): (string | number)[] {
  const ms = hits.map((hit) => hit.ms)
  const statuses = new Map<number, number>()
  for (const hit of hits) statuses.set(hit.status, (statuses.get(hit.status) ?? 0) + 1)
  return [
    label,
    hits.length,
    ((hits.length * 1000) / elapsedMs).toFixed(0),
    hits.length === 0 ? '-' : quantile(ms, 0.5).toFixed(1),
    hits.length === 0 ? '-' : quantile(ms, 0.99).toFixed(1),
    hits.filter((hit) => !hit.ok).length,
    [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}:${count}`)
      .join(' '),
  ]
}
