// What follows a successful append: the KV projection, then what the event
// causes (its mail and grant: effects.ts). Each is idempotent, so a retried
// call that the bus answers as a duplicate runs them again safely. The append
// is the truth: a failed effect is logged here and left to the catch-up
// (projection-repair.ts with effects-catch-up.ts), never turned into a failure
// of the filing or move.
import type { Bucket, SiteModel } from '../content/model'
import { log } from '../log'
import { EffectsFailed, type EventEffects } from './effects'
import type { HistoryEntry, RecordView } from './types'

export interface SideEffects {
  readonly site: SiteModel
  readonly bucket: Bucket
  /** The event just appended (or found stored), as the history shows it. */
  readonly entry: HistoryEntry
  /** The record after the event. */
  readonly view: RecordView
  /** Writes the KV projection for this event. */
  readonly project: () => Promise<void>
}

/** Never rejects. */
export type RunSideEffects = (effects: SideEffects) => Promise<void>

/**
 * `settled` hears of each event whose side effects were all done, so nothing needs checking them again: the
 * entry's version, not the record's newest. An erasure finished again writes the record as it is now, maybe
 * after a later note, but runs only the erasure's effects; the note's are not vouched for by it.
 */
export function createSideEffects(
  effects: EventEffects,
  settled: (bucket: string, id: string, seq: number) => void = () => undefined,
): RunSideEffects {
  return async ({ site, bucket, entry, view, project }) => {
    const [projected, followed] = await Promise.allSettled([
      project(),
      effects({ site, bucket, entry, view, again: false }),
    ])
    const failed = [
      ...(projected.status === 'rejected' ? [`projection: ${String(projected.reason)}`] : []),
      ...(followed.status === 'rejected' ? failures(followed.reason) : []),
    ]
    if (failed.length === 0) return settled(view.bucket, view.id, entry.seq)
    const { id } = view
    const { seq } = entry
    log(
      'error',
      'records',
      `[svc] [records] ${view.bucket}/${id} at ${seq} is recorded, but ${failed.length} side effect(s) failed; the ` +
        `catch-up repairs them`,
      { bucket: view.bucket, record: id, seq, failures: failed },
    )
  }
}

function failures(reason: unknown): readonly string[] {
  return reason instanceof EffectsFailed ? reason.failures : [`effects: ${String(reason)}`]
}
