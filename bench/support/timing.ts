// Running work at a fixed concurrency within a deadline, and the figures a
// bench prints about it.

export interface Run {
  /** Milliseconds per completed task. */
  readonly latencies: number[]
  readonly failures: number
  readonly elapsedMs: number
}

/**
 * `total` tasks shared by `workers` loops, each awaiting one task at a time.
 * Past `deadlineMs` no new task starts, so a slow system ends the run early
 * instead of hanging it; the figures then cover what was done.
 */
export async function runConcurrently(
  total: number,
  workers: number,
  deadlineMs: number,
  task: (worker: number, n: number) => Promise<boolean>,
): Promise<Run> {
  const latencies: number[] = []
  let next = 0
  let failures = 0
  const started = performance.now()
  const loop = async (worker: number) => {
    while (next < total && performance.now() - started < deadlineMs) {
      const n = next++
      const t = performance.now()
      if (await task(worker, n)) latencies.push(performance.now() - t)
      else failures++
    }
  }
  await Promise.all(Array.from({ length: workers }, (_, worker) => loop(worker)))
  return { latencies, failures, elapsedMs: performance.now() - started }
}

/** The q-quantile of `values` (nearest rank). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN
}

export interface Timing {
  readonly p50: number
  readonly p99: number
}

/** Runs `fn` `rounds` times after a warm-up; the median and p99 in microseconds. */
export function timeSync(rounds: number, fn: () => unknown): Timing {
  for (let i = 0; i < Math.min(rounds, 50); i++) fn()
  const times: number[] = []
  for (let i = 0; i < rounds; i++) {
    const t = performance.now()
    fn()
    times.push((performance.now() - t) * 1000)
  }
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) }
}

/** A timing in microseconds as `median / p99 µs`. */
export function us({ p50, p99 }: Timing): string {
  const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1))
  return `${fmt(p50)} / ${fmt(p99)} µs`
}

/** A timing in milliseconds as `median / p99 ms`. */
export function ms({ p50, p99 }: Timing): string {
  return `${p50.toFixed(2)} / ${p99.toFixed(2)} ms`
}

/** Rows of cells as aligned columns. */
export function table(rows: readonly (readonly (string | number)[])[]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => String(row[column] ?? '').length))) ?? []
  return rows
    .map((row) =>
      row
        .map((cell, column) => String(cell).padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}
