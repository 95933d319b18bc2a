// The records core: filing and moving records, event-sourced on SVC_RECORDS.
//
//   const index = createRecordIndex(bus)            // one per instance; await index.ready
//   const records = createRecords({ bus, site: () => content.site, index, effects })   // effects: server/effects/
//
//   records.file({ bucket, storyline, fields, submitter, actor, submission }) -> RecordView
//       A new record in the bucket's first state. Throws BucketNotFoundError when
//       the content no longer has the bucket. Every call with the same form
//       token (`submission`) and actor answers with the one record the first stored.
//   records.move({ bucket, id, edge, via, expectSeq, actor, submission }) -> { record, duplicate }
//       `edge` must be a declared move from the record's state: `moves` for via
//       'desk' and 'timed', `self` for 'self' (else EdgeNotAllowedError).
//       `expectSeq` is `record.seq` as the caller saw it; if anyone moved the
//       record since, RecordChangedError ("reload"). Unknown record:
//       RecordNotFoundError. `duplicate` is true when this very move (the same
//       form token, or for the clock the same version and edge) was already
//       appended, by a retry or by another instance.
//   records.note({ bucket, id, text, actor, submission }) -> { record, duplicate }
//       Staff's message to the submitter: a `noted` event by desk on top of the
//       record's latest version, mailed to the submitter. Same form token, same note.
//   records.claim({ from, subject, actor }) -> number
//       At sign-in: the records filed under the browser's anonymous submitter
//       values become the person's (a `claimed` event each, claim-records.ts).
//   records.erase({ bucket, id, actor, reason, note }) -> { kind: 'erased', record } | { kind: 'already-erased' } | null
//       The record's personal data erased for good: an `erased` event, its key destroyed, its copies
//       written again without them (erase-record.ts, docs/privacy.md).
//   records.get(bucket, id) -> RecordView | null      from the KV projection (the stream while that lags)
//   records.history(bucket, id) -> HistoryEntry[]     oldest first
//   records.projection(bucket, id) -> Projection | null   both at once, from one read
//
// Policy is the routes' job (ask the policy engine first); this layer
// guarantees that an edge exists and that of two concurrent moves exactly one
// is appended. After each append it writes the KV projection (svc_records,
// `<bucket>:<id>`), queues the edge's mail on SVC_MAIL and applies the entered
// state's `grants:`. The append is the answer: a failed side effect is logged
// and caught up later (projection-repair.ts, effects-catch-up.ts), and reads
// fold a projection that lags from the stream meanwhile. Listings, report
// counts and timed-move candidates come from the index; runTimedMoves in
// timed-moves.ts does the clock's moves.
import type { Bus } from '../bus/types'
import type { SiteModel } from '../content/model'
import { isName, isRecordId } from '../names'
import { fileRecord, newRecordId } from './file-record'
import type { FileInput } from './file-record'
import type { EventEffects } from './effects'
import { moveRecord } from './move-record'
import { noteRecord, type NoteInput } from './note-record'
import { claimRecords, type ClaimInput } from './claim-records'
import { eraseRecord, type EraseInput, type EraseOutcome } from './erase-record'
export type { EraseInput, EraseOutcome } from './erase-record'
import type { MoveInput, MoveOutcome } from './move-record'
import { createProjectionStore } from './projection-store'
import { rebuildProjection } from './record-events'
import type { RecordIndex } from './record-index'
import type { EraseLeftovers, RecordsContext } from './records-context'
import { createSideEffects } from './side-effects'
import { ensureRecordStreams } from './streams'
import { RECORDS_STREAM, recordSubject } from './types'
import type { HistoryEntry, Projection, RecordView } from './types'

export interface RecordsOptions {
  bus: Bus
  /** The content being served now; read on every call, so a reload takes effect at once. */
  site: () => SiteModel
  index: RecordIndex
  now?: () => Date
  newId?: () => string
  /** What each appended event causes besides its projection (mail, grants): server/effects/. */
  effects: EventEffects
  /** How long a move waits for the index to see the version it expects (default 3 s). */
  waitMs?: number
  /** What else keeps an erased record's values: removed before its key is destroyed (erase-record.ts). */
  leftovers?: EraseLeftovers
}

export interface Records {
  file(input: FileInput): Promise<RecordView>
  move(input: MoveInput): Promise<MoveOutcome>
  note(input: NoteInput): Promise<MoveOutcome>
  claim(input: ClaimInput): Promise<number>
  /**
   * Erases the record's personal data for good (erase-record.ts, docs/privacy.md): `already-erased` when it was,
   * null when there is no such record. Throws UnsealedRecordError for a record filed before sealing.
   */
  erase(input: EraseInput): Promise<EraseOutcome>
  get(bucket: string, id: string): Promise<RecordView | null>
  history(bucket: string, id: string): Promise<HistoryEntry[]>
  projection(bucket: string, id: string): Promise<Projection | null>
}

export function createRecords(options: RecordsOptions): Records {
  const { bus, index } = options
  const projections = createProjectionStore(bus)
  const ctx: RecordsContext = {
    bus,
    site: options.site,
    index,
    projections,
    now: options.now ?? (() => new Date()),
    waitMs: options.waitMs ?? 3000,
    sideEffects: createSideEffects(options.effects, (bucket, id, seq) => index.settled(bucket, id, seq)),
    ...(options.leftovers === undefined ? {} : { leftovers: options.leftovers }),
  }
  const newId = options.newId ?? newRecordId
  let streams: Promise<void> | undefined
  // Ensured once, on first write; a failure is tried again on the next.
  const ensured = () =>
    (streams ??= ensureRecordStreams(bus).catch((error: unknown) => {
      streams = undefined
      throw error
    }))

  return {
    async file(input) {
      await ensured()
      return fileRecord(ctx, newId, input)
    },
    async move(input) {
      await ensured()
      return moveRecord(ctx, input)
    },
    async note(input) {
      await ensured()
      return noteRecord(ctx, input)
    },
    async claim(input) {
      await ensured()
      return claimRecords(ctx, input)
    },
    async erase(input) {
      await ensured()
      return eraseRecord(ctx, input)
    },
    async get(bucket, id) {
      return (await read(bucket, id))?.record ?? null
    },
    projection: (bucket, id) => read(bucket, id),
    async history(bucket, id) {
      return [...((await read(bucket, id))?.history ?? [])]
    },
  }

  // The KV projection, unless it lags the stream: its write failed after the
  // append and the repair has not caught up yet. Then the stream answers.
  async function read(bucket: string, id: string): Promise<Projection | null> {
    const stored = await projections.read(bucket, id)
    const indexed = index.get(bucket, id)?.seq
    if (stored !== null && stored.record.seq >= (indexed ?? 0)) return stored
    // Known to neither: ask the stream, unless the names could not make a record's subject.
    const asSubject = isName(bucket) && isRecordId(id)
    const last = indexed ?? (asSubject ? await bus.lastSubjectSequence(RECORDS_STREAM, recordSubject(bucket, id)) : 0)
    if (last === 0) return stored
    return (await rebuildProjection(bus, bucket, id, last)) ?? stored
  }
}
