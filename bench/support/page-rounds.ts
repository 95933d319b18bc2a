// The pages bench's figures: each target measured in rounds, each round in
// short slices, each slice the service and then its two references on the
// same bytes (bare node:http, bare Nitro), so load from others on the machine
// moves the three alike. Medians over the rounds, and each round's ratio to
// the bare Nitro app.
import { quantile } from './timing'
import type { WrkResult } from './wrk'

export interface Round {
  readonly service: WrkResult
  readonly bare: WrkResult
  readonly ceiling: WrkResult
}

const toNitro = (round: Round): number => round.service.requestsPerSecond / round.ceiling.requestsPerSecond
const median = (values: readonly number[]): number => quantile(values, 0.5)
const x = (value: number): string => `${value.toFixed(2)}x`

/** Slices of equal length as one run: the mean rate, the worst p99, every error. */
export function joinSlices(slices: readonly Round[]): Round {
  const join = (pick: (round: Round) => WrkResult): WrkResult => {
    const runs = slices.map(pick)
    return {
      requestsPerSecond: runs.reduce((sum, run) => sum + run.requestsPerSecond, 0) / runs.length,
      p50Ms: median(runs.map((run) => run.p50Ms)),
      p99Ms: Math.max(...runs.map((run) => run.p99Ms)),
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
    }
  }
  return {
    service: join((round) => round.service),
    bare: join((round) => round.bare),
    ceiling: join((round) => round.ceiling),
  }
}

/** The lowest service/bare Nitro of any round of any target, and which target (its index) it was. */
export function lowestToNitro(rounds: readonly (readonly Round[])[]): { target: number; ratio: number } | undefined {
  const all = rounds.flatMap((runs, target) => runs.map((round) => ({ target, ratio: toNitro(round) })))
  return all.sort((a, b) => a.ratio - b.ratio)[0]
}

/** The table's rows, a header first; with several rounds, a last column gives each round's service/bare Nitro. */
export function pageRows(
  targets: readonly { readonly what: string; readonly bytes: number }[],
  rounds: readonly (readonly Round[])[],
): (string | number)[][] {
  const several = rounds.some((runs) => runs.length > 1)
  const head = ['what', 'bytes', 'req/s', 'p99 ms', 'errors', 'node:http', 'bare Nitro']
  head.push('vs node:http', 'vs Nitro', 'Nitro/http', ...(several ? ['vs Nitro, each round'] : []))
  const rows: (string | number)[][] = [head]
  for (const [n, target] of targets.entries()) {
    const runs = rounds[n] ?? []
    const rate = (pick: (round: Round) => WrkResult) => median(runs.map((round) => pick(round).requestsPerSecond))
    const ratio = (to: (round: Round) => number) => x(median(runs.map(to)))
    rows.push([
      target.what,
      target.bytes,
      rate((round) => round.service).toFixed(0),
      median(runs.map((round) => round.service.p99Ms)).toFixed(2),
      runs.reduce((sum, round) => sum + round.service.errors + round.bare.errors + round.ceiling.errors, 0),
      rate((round) => round.bare).toFixed(0),
      rate((round) => round.ceiling).toFixed(0),
      ratio((round) => round.service.requestsPerSecond / round.bare.requestsPerSecond),
      ratio(toNitro),
      ratio((round) => round.ceiling.requestsPerSecond / round.bare.requestsPerSecond),
      ...(several ? [runs.map((round) => toNitro(round).toFixed(2)).join(' / ')] : []),
    ])
  }
  return rows
}
