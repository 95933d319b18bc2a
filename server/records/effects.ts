// What an appended event causes besides the stream and its projection (its
// mail, a group it grants) is decided and done above the records core
// (server/effects/) and handed in when the app composes the records, so this
// core depends on nothing that consumes it. The writer runs it once after
// each append; the catch-up runs the very same function for events a writer
// may have left undone.
import type { Bucket, SiteModel } from '../content/model'
import type { HistoryEntry, RecordView } from './types'

export interface EventEffectsInput {
  /** The content the effects are read from (its mail texts, its grants). */
  readonly site: SiteModel
  readonly bucket: Bucket
  /** The event, as the record's history shows it. */
  readonly entry: HistoryEntry
  /** The record right after the event. */
  readonly view: RecordView
  /** Run by the catch-up, which often finds the effects already done. */
  readonly again: boolean
}

/** Exact however often it runs for one event; rejects with EffectsFailed naming what failed. */
export type EventEffects = (input: EventEffectsInput) => Promise<void>

/** Some of an event's effects failed: one `<effect>: <reason>` line each, the others done. */
export class EffectsFailed extends Error {
  constructor(readonly failures: readonly string[]) {
    super(`[svc] [effects] ${failures.join('; ')}`)
  }
}
