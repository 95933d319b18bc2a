// The side effects a writer may have left undone after its append (a failed
// write, a crash, a bus that went away): each recent event's mail and grant,
// through the same EventEffects the writer runs (effects.ts). Every
// instance's projection repair runs this a little after each event, and at
// start for the last day's events, so whichever instance is up completes
// them. They are exact however often they run: a mail intent goes on its
// event's own subject only while that is empty, and a grant only creates a
// membership that does not exist.
//
// Not caught up: the KV projection is projection-repair.ts's own job; and an
// event older than the window when no instance was running to see it.
import type { SiteModel } from '../content/model'
import type { EventEffects } from './effects'
import { recordsError } from './errors'
import type { Projection, RecordView } from './types'

export interface EffectsCatchUpOptions {
  /** The content served now: its mail texts are the ones used. */
  readonly site: () => SiteModel
  readonly effects: EventEffects
}

/** Given a record's projection, completes its recent events' effects; rejects naming what failed. */
export type EffectsCatchUp = (projection: Projection) => Promise<void>

// The same day the record index replays repairs for.
const WINDOW_MS = 24 * 60 * 60 * 1000

export function createEffectsCatchUp({ site, effects }: EffectsCatchUpOptions): EffectsCatchUp {
  return async ({ record, history }) => {
    const content = site()
    const bucket = content.buckets.get(record.bucket)
    if (bucket === undefined) return
    const since = Date.now() - WINDOW_MS
    const recent = history.filter((entry) => Date.parse(entry.time) >= since)
    const outcomes = await Promise.allSettled(
      recent.map((entry) => {
        // The record right after this event, as the writer saw it (a note keeps the time its state was entered).
        const enteredAt = entry.type === 'noted' || entry.type === 'claimed' ? record.enteredAt : entry.time
        const view: RecordView = { ...record, state: entry.to, enteredAt, seq: entry.seq }
        return effects({ site: content, bucket, entry, view, again: true })
      }),
    )
    const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []))
    if (failures.length > 0) throw recordsError(`catching up ${record.bucket}/${record.id}: ${failures.join('; ')}`)
  }
}
