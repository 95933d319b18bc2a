// The clock's erasures: a bucket's `retention: { days, in }` erases the
// personal data of each record that has been in one of those states longer
// than that (issue 29). Like timed moves, every instance runs it; erasing is
// the records layer's, which makes two erasures of one record one.
import { log } from '../log'
import { UnsealedRecordError } from './errors'
import { DAY_MS, type TimedMovesInput } from './timed-moves'

/** The clock's sweeps take the same: the records, the index, the content and the time. */
export type RetentionInput = TimedMovesInput

export interface RetentionOutcome {
  /** Records this run erased. */
  erased: number
  /** Records erased meanwhile by someone else (a desk, another instance), gone, or failed and logged. */
  skipped: number
}

// Records refused as unsealed, said once each.
const unsealed = new Set<string>()

export async function runRetention({ records, index, site, now }: RetentionInput): Promise<RetentionOutcome> {
  const outcome: RetentionOutcome = { erased: 0, skipped: 0 }
  for (const bucket of site.buckets.values()) {
    if (bucket.retention === undefined) continue
    const deadline = now.getTime() - bucket.retention.days * DAY_MS
    for (const state of bucket.retention.in) {
      // A snapshot: each erasure changes the index while this runs.
      const due = [...index.inState(bucket.name, state)].filter(
        (view) => view.erasedAt === undefined && Date.parse(view.enteredAt) <= deadline,
      )
      for (const view of due) {
        try {
          const erased = await records.erase({
            bucket: bucket.name,
            id: view.id,
            actor: { kind: 'clock' },
            reason: 'retention',
          })
          if (erased?.kind === 'erased') outcome.erased++
          else outcome.skipped++
        } catch (error) {
          outcome.skipped++
          // Filed before sealing: refused the same way every minute, so said once per instance.
          if (error instanceof UnsealedRecordError) {
            if (!unsealed.has(`${bucket.name}/${view.id}`))
              log('warn', 'records', `[svc] [records] ${bucket.name}/${view.id} is past retention but unsealed`, {})
            unsealed.add(`${bucket.name}/${view.id}`)
            continue
          }
          log('error', 'records', `[svc] [records] retention erasure of ${bucket.name}/${view.id} failed`, {
            error: String(error),
          })
        }
      }
    }
  }
  return outcome
}
