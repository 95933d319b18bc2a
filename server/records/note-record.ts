// Staff writing to the submitter from the desk: a `noted` event by desk,
// after whatever the record's latest event is (a note does not race a move
// for the state, so it is appended on top of a change made meanwhile rather
// than refused), then its projection and the mail to the submitter.
import { BusConflictError } from '../bus/errors'
import { applyEvent, historyEntry } from './apply-event'
import { appendRecordEvent } from './append-event'
import { RecordChangedError, RecordNotFoundError, recordsError } from './errors'
import { projectEvent, storeProjection } from './project'
import { readRecordEvents, rebuildProjection } from './record-events'
import { bucketOf, type RecordsContext } from './records-context'
import { RECORDS_STREAM, recordSubject, type Actor, type RecordEvent, type RecordView } from './types'
import { sameActor } from './submission'
import { noteText } from './append-note'

export interface NoteInput {
  readonly bucket: string
  readonly id: string
  /** Markdown, as the person wrote it. */
  readonly text: string
  readonly actor: Actor
  /** The form's one-time token: a repeat of the form is the same note. */
  readonly submission: string
}

const ATTEMPTS = 3

export async function noteRecord(
  ctx: RecordsContext,
  input: NoteInput,
): Promise<{ record: RecordView; duplicate: boolean }> {
  const site = ctx.site()
  const bucket = bucketOf(site, input.bucket)
  const subject = recordSubject(input.bucket, input.id)
  const text = noteText(input.text)
  for (let attempt = 1; ; attempt++) {
    const before = await latest(ctx, input.bucket, input.id)
    const event: RecordEvent = {
      v: 1,
      type: 'noted',
      record: before.id,
      bucket: before.bucket,
      storyline: before.storyline,
      actor: input.actor,
      time: ctx.now().toISOString(),
      via: 'desk',
      text,
    }
    const msgId = `note:${before.bucket}:${before.id}:${input.submission}`
    let appended: { seq: number; duplicate: boolean }
    try {
      appended = await appendRecordEvent(ctx.bus, event, {
        expectLastSubjectSequence: before.seq,
        msgId,
      })
    } catch (error) {
      if (!(error instanceof BusConflictError)) throw error
      // Something came after the version read: this very note (a repeat after the de-duplication window), or
      // someone else's change, on top of which it goes.
      if (await isAfter(ctx, before, input.actor, text)) return repeated(before)
      if (attempt === ATTEMPTS) throw new RecordChangedError(input.bucket, input.id, error)
      continue
    }
    if (appended.duplicate) return repeated(before)
    const view = applyEvent(before, event, appended.seq)
    if (view === null) throw recordsError(`${before.bucket}/${before.id} at ${appended.seq} does not fold`)
    const project = () =>
      projectEvent(ctx.bus, ctx.projections, { event, seq: appended.seq, view, previousSeq: before.seq })
    await ctx.sideEffects({ site, bucket, entry: historyEntry(event, appended.seq, view.state), view, project })
    return { record: view, duplicate: false }
  }

  // Its effects again (each is idempotent), from the record as the stream has it.
  async function repeated(before: RecordView) {
    const last = await ctx.bus.lastSubjectSequence(RECORDS_STREAM, subject)
    const stored = await rebuildProjection(ctx.bus, before.bucket, before.id, last)
    if (stored === null) throw new RecordNotFoundError(before.bucket, before.id)
    const note = [...stored.history].reverse().find((entry) => entry.type === 'noted' && entry.text === text)
    const project = () => storeProjection(ctx.projections, stored)
    // Found only by its duplicate ack, never in the history: nothing to mail, the projection to repair all the same.
    if (note === undefined) await project()
    else await ctx.sideEffects({ site, bucket, entry: note, view: { ...stored.record, seq: note.seq }, project })
    return { record: stored.record, duplicate: true }
  }
}

/** The record at its latest event, from the index when it has caught up, else from the stream. */
export async function latest(ctx: RecordsContext, bucket: string, id: string): Promise<RecordView> {
  const last = await ctx.bus.lastSubjectSequence(RECORDS_STREAM, recordSubject(bucket, id))
  if (last === 0) throw new RecordNotFoundError(bucket, id)
  const indexed = ctx.index.get(bucket, id)
  if (indexed !== null && indexed.seq === last) return indexed
  const stored = await rebuildProjection(ctx.bus, bucket, id, last)
  if (stored === null) throw new RecordNotFoundError(bucket, id)
  return stored.record
}

async function isAfter(ctx: RecordsContext, before: RecordView, actor: Actor, text: string): Promise<boolean> {
  const last = await ctx.bus.lastSubjectSequence(RECORDS_STREAM, recordSubject(before.bucket, before.id))
  const events = await readRecordEvents(ctx.bus, before.bucket, before.id, last)
  return events.some(
    ({ event, seq }) =>
      seq > before.seq &&
      event.type === 'noted' &&
      event.via === 'desk' &&
      event.text === text &&
      sameActor(event.actor, actor),
  )
}
