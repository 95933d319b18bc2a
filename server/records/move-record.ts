// Moving: only through an edge the content declares from the record's state,
// and only from the version the caller saw, so of two concurrent moves
// exactly one is appended.
import { BusConflictError } from '../bus/errors'
import type { Bucket, Move } from '../content/model'
import { applyEvent, foldEvents, historyEntry } from './apply-event'
import { appendRecordEvent } from './append-event'
import { EdgeNotAllowedError, RecordChangedError, RecordNotFoundError, recordsError } from './errors'
import { projectEvent, storeProjection } from './project'
import { readRecordEvents, rebuildProjection } from './record-events'
import { bucketOf } from './records-context'
import type { RecordsContext } from './records-context'
import { isAskedMove } from './submission'
import { RECORDS_STREAM, recordSubject } from './types'
import type { Actor, Projection, RecordEvent, RecordView } from './types'

export type MoveVia = 'desk' | 'self' | 'timed'

export interface MoveInput {
  readonly bucket: string
  readonly id: string
  /** The move's name: a `moves` entry for desk and timed, a `self` entry for self. */
  readonly edge: string
  readonly via: MoveVia
  /** The record's seq when the caller read it. */
  readonly expectSeq: number
  readonly actor: Actor
  /**
   * The one-time token of the form that asks for the move. Every repeat of
   * that form is answered with the move it stored; another form of the same
   * version is someone else's try and meets RecordChangedError. Without one
   * (the clock), a move is known by record, version and edge.
   */
  readonly submission?: string
  /** Staff's note, for a move that asks for one. */
  readonly note?: string
}

export interface MoveOutcome {
  readonly record: RecordView
  /**
   * This very move was already on the stream: a retry, a double submit, or (for the clock) another instance's
   * identical move.
   */
  readonly duplicate: boolean
}

function declaredEdge(bucket: Bucket, via: MoveVia, edge: string, state: string): Move {
  const move = (via === 'self' ? bucket.self : bucket.moves).find((m) => m.name === edge)
  if (move === undefined || !move.from.includes(state)) throw new EdgeNotAllowedError(bucket.name, edge, via, state)
  return move
}

export async function moveRecord(ctx: RecordsContext, input: MoveInput): Promise<MoveOutcome> {
  const site = ctx.site()
  const bucket = bucketOf(site, input.bucket)
  const before = await versionAt(ctx, input.bucket, input.id, input.expectSeq)
  const move = declaredEdge(bucket, input.via, input.edge, before.state)
  const { submission, note } = input
  const event: RecordEvent = {
    v: 1,
    type: 'moved',
    record: before.id,
    bucket: before.bucket,
    storyline: before.storyline,
    actor: input.actor,
    time: ctx.now().toISOString(),
    from: before.state,
    to: move.to,
    edge: move.name,
    via: input.via,
    ...(submission === undefined ? {} : { submission }),
    ...(note === undefined || note === '' ? {} : { note }),
  }
  const repeated = async (cause?: unknown): Promise<MoveOutcome> => {
    // A duplicate ack or a conflict only says that something is stored where
    // this move would go. It is this move if it carries this move's token,
    // sender and edge; anything else there is someone else's change.
    const asked = { edge: move.name, via: input.via, actor: input.actor, submission }
    const stored = await storedAfter(ctx, before, (next) => isAskedMove(next, asked))
    if (stored === null) throw new RecordChangedError(input.bucket, input.id, cause)
    const entry = stored.history.at(-1)
    if (entry === undefined) throw recordsError(`${before.bucket}/${before.id} has no history`)
    await ctx.sideEffects({
      site,
      bucket,
      entry,
      view: stored.record,
      project: () => storeProjection(ctx.projections, stored),
    })
    return { record: stored.record, duplicate: true }
  }
  let appended: { seq: number; duplicate: boolean }
  try {
    appended = await appendRecordEvent(ctx.bus, event, {
      expectLastSubjectSequence: input.expectSeq,
      msgId:
        submission === undefined
          ? `move:${before.bucket}:${before.id}:${input.expectSeq}:${move.name}`
          : `move:${before.bucket}:${before.id}:${submission}`,
    })
  } catch (error) {
    if (!(error instanceof BusConflictError)) throw error
    // Outside the duplicate window, a repeat finds its own event after the version it saw.
    return repeated(error)
  }
  if (appended.duplicate) return repeated()
  const { seq } = appended
  const view = applyEvent(before, event, seq)
  if (view === null) throw recordsError(`${before.bucket}/${before.id} at ${seq} does not fold`)
  const project = () => projectEvent(ctx.bus, ctx.projections, { event, seq, view, previousSeq: input.expectSeq })
  await ctx.sideEffects({ site, bucket, entry: historyEntry(event, seq, view.state), view, project })
  return { record: view, duplicate: false }
}

/** The record up to the event that followed version `before`, if `accept` takes that event; null otherwise. */
async function storedAfter(
  ctx: RecordsContext,
  before: RecordView,
  accept: (event: RecordEvent) => boolean,
): Promise<Projection | null> {
  const last = await ctx.bus.lastSubjectSequence(RECORDS_STREAM, recordSubject(before.bucket, before.id))
  if (last <= before.seq) return null
  const events = await readRecordEvents(ctx.bus, before.bucket, before.id, last)
  const next = events.findIndex(({ seq }) => seq > before.seq)
  const event = events[next]
  if (event === undefined || !accept(event.event)) return null
  return foldEvents(events.slice(0, next + 1))
}

/** The record as it was at `seq`: the version the caller saw and the edge is checked against. */
async function versionAt(ctx: RecordsContext, bucket: string, id: string, seq: number): Promise<RecordView> {
  let view = ctx.index.get(bucket, id)
  if (view === null || view.seq < seq) view = await ctx.index.waitFor(bucket, id, seq, ctx.waitMs)
  if (view === null) {
    if (ctx.index.get(bucket, id) !== null) throw new RecordChangedError(bucket, id)
    // Known to the instance that showed the form, not yet to this index (following the stream again after a
    // cluster node's loss): the stream says whether the record is there. A subject with no message at all is no
    // record, and reading it would wait for one that never comes.
    const last = await ctx.bus.lastSubjectSequence(RECORDS_STREAM, recordSubject(bucket, id))
    if (last === 0) throw new RecordNotFoundError(bucket, id)
    if (last < seq) throw new RecordChangedError(bucket, id)
    const there = await rebuildProjection(ctx.bus, bucket, id, seq)
    if (there === null) throw new RecordNotFoundError(bucket, id)
    if (there.record.seq !== seq) throw new RecordChangedError(bucket, id)
    return there.record
  }
  if (view.seq === seq) return view
  // The index has moved on. Reading that version back lets a retried move
  // reach the bus, which knows it by its msgId, instead of being refused here.
  const then = await rebuildProjection(ctx.bus, bucket, id, seq)
  if (then === null || then.record.seq !== seq) throw new RecordChangedError(bucket, id)
  return then.record
}
