// The clock's moves: a state with `after: { days, to }` moves each record
// that has been in it that long through the declared desk edge, exactly as a
// desk button would (same check, same mail, same event).
import type { SiteModel } from '../content/model'
import { log } from '../log'
import { RecordChangedError } from './errors'
import type { RecordIndex } from './record-index'
import type { Records } from './records'

export interface TimedMovesInput {
  records: Records
  index: RecordIndex
  site: SiteModel
  now: Date
}

export interface TimedMovesOutcome {
  /** Moves this run appended. */
  moved: number
  /** Records someone else moved first (a desk, another instance), or that failed and are logged. */
  skipped: number
}

export const DAY_MS = 24 * 60 * 60 * 1000

export async function runTimedMoves({ records, index, site, now }: TimedMovesInput): Promise<TimedMovesOutcome> {
  const outcome: TimedMovesOutcome = { moved: 0, skipped: 0 }
  for (const bucket of site.buckets.values()) {
    for (const state of bucket.states) {
      if (state.after === undefined) continue
      const { days, to } = state.after
      const edge = bucket.moves.find((move) => move.from.includes(state.name) && move.to === to)
      if (edge === undefined) {
        log('warn', 'records', `[svc] [records] ${bucket.name}.${state.name} has after: without a move to ${to}`)
        continue
      }
      const deadline = now.getTime() - days * DAY_MS
      // A snapshot: each move changes the index while this runs.
      const due = [...index.inState(bucket.name, state.name)].filter((view) => Date.parse(view.enteredAt) <= deadline)
      for (const view of due) {
        try {
          const { duplicate } = await records.move({
            bucket: bucket.name,
            id: view.id,
            edge: edge.name,
            via: 'timed',
            expectSeq: view.seq,
            actor: { kind: 'clock' },
          })
          if (duplicate) outcome.skipped++
          else outcome.moved++
        } catch (error) {
          outcome.skipped++
          if (!(error instanceof RecordChangedError)) {
            log('error', 'records', `[svc] [records] timed move of ${bucket.name}/${view.id} failed`, {
              error: String(error),
            })
          }
        }
      }
    }
  }
  return outcome
}
