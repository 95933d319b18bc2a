// Filing: a new record in the bucket's initial state, in the visitor's storyline.
import { randomBytes } from 'node:crypto'
import { recordIdOf } from './record-id'
import { BusConflictError } from '../bus/errors'
import type { Bucket, SiteModel } from '../content/model'
import { applyEvent, foldEvents, historyEntry } from './apply-event'
import { appendRecordEvent, personalFieldsOf } from './append-event'
import { recordsError } from './errors'
import { projectEvent, storeProjection } from './project'
import { readRecordEvents } from './record-events'
import { bucketOf } from './records-context'
import type { RecordsContext } from './records-context'
import { filingId, sameActor } from './submission'
import { RECORDS_STREAM, recordSubject } from './types'
import type { Actor, FieldValues, RecordEvent, RecordView } from './types'

export interface FileInput {
  readonly bucket: string
  readonly storyline: string
  /** Values of the bucket's fields; names the bucket does not declare are dropped. */
  readonly fields: FieldValues
  /** The signed-in person's subject, or `session:<id>` for a visitor. */
  readonly submitter: string
  readonly actor: Actor
  /**
   * The form's one-time token: every call carrying it (and the same actor)
   * files one record and answers with it. Without one (seeds, tests), each
   * call files a new record.
   */
  readonly submission?: string
}

/** 12 random bytes: 16 URL-safe characters, unguessable. */
export const newRecordId = (): string => recordIdOf(randomBytes(12))

export async function fileRecord(ctx: RecordsContext, newId: () => string, input: FileInput): Promise<RecordView> {
  const site = ctx.site()
  const bucket = bucketOf(site, input.bucket)
  const initial = bucket.states[0]
  if (initial === undefined) throw recordsError(`bucket ${bucket.name} has no states`)
  const id = input.submission === undefined ? newId() : filingId(bucket.name, input.actor, input.submission)
  const fields: FieldValues = {}
  for (const field of bucket.fields) {
    const value = input.fields[field.name]
    if (value !== undefined) fields[field.name] = value
  }
  const event: RecordEvent = {
    v: 1,
    type: 'filed',
    record: id,
    bucket: bucket.name,
    storyline: input.storyline,
    actor: input.actor,
    time: ctx.now().toISOString(),
    to: initial.name,
    fields,
    submitter: input.submitter,
  }
  let appended: { seq: number; duplicate: boolean }
  try {
    // An empty subject is the guard that holds for ever; the msgId only
    // spares a retry within the duplicate window the conflict.
    appended = await appendRecordEvent(
      ctx.bus,
      event,
      { expectLastSubjectSequence: 0, msgId: `file:${bucket.name}:${id}` },
      personalFieldsOf(bucket),
    )
  } catch (error) {
    if (!(error instanceof BusConflictError)) throw error
    if (input.submission === undefined) throw recordsError(`record id ${id} is taken`, error)
    return storedFiling(ctx, site, bucket, id, input.actor)
  }
  if (appended.duplicate) return storedFiling(ctx, site, bucket, id, input.actor)
  const { seq } = appended
  const view = applyEvent(null, event, seq)
  if (view === null) throw recordsError(`filing ${bucket.name}/${id} does not fold`)
  // The acknowledged append is the filing; the visitor need not wait for its
  // projection and mail. Readers fall back to the stream while the projection
  // lags (records.ts), and a failed effect is logged and caught up.
  void ctx.sideEffects({
    site,
    bucket,
    entry: historyEntry(event, seq, view.state),
    view,
    project: () => projectEvent(ctx.bus, ctx.projections, { event, seq, view, previousSeq: 0 }),
  })
  return view
}

/** A repeat of a filing already stored: the record as it was filed; its side effects are tried again. */
async function storedFiling(
  ctx: RecordsContext,
  site: SiteModel,
  bucket: Bucket,
  id: string,
  actor: Actor,
): Promise<RecordView> {
  const last = await ctx.bus.lastSubjectSequence(RECORDS_STREAM, recordSubject(bucket.name, id))
  const events = last === 0 ? [] : await readRecordEvents(ctx.bus, bucket.name, id, last)
  const first = events[0]
  // Only a hash collision could get here: the id is derived from the actor.
  if (first === undefined || first.event.type !== 'filed' || !sameActor(first.event.actor, actor)) {
    throw recordsError(`record id ${bucket.name}/${id} is taken by another filing`)
  }
  const filed = applyEvent(null, first.event, first.seq)
  const projection = foldEvents(events)
  if (filed === null || projection === null) throw recordsError(`filing ${bucket.name}/${id} does not fold`)
  await ctx.sideEffects({
    site,
    bucket,
    entry: historyEntry(first.event, first.seq, filed.state),
    view: filed,
    project: () => storeProjection(ctx.projections, projection),
  })
  return filed
}
