// Moving: only through an edge the content declares from the record's state,
// and only from the version the caller saw, so of two concurrent moves
// exactly one is appended.
import { BusConflictError } from '../bus/errors'
import type { Bucket, Move } from '../content/model'
import { applyEvent } from './apply-event'
import { EdgeNotAllowedError, RecordChangedError, RecordNotFoundError, recordsError } from './errors'
import { projectEvent, storeProjection } from './project'
import { rebuildProjection } from './record-events'
import { bucketOf } from './records-context'
import type { RecordsContext } from './records-context'
import { RECORDS_STREAM, recordSubject } from './types'
import type { Actor, RecordEvent, RecordView } from './types'

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
}

export interface MoveOutcome {
  readonly record: RecordView
  /** This very move (record, version, edge) was already on the stream: a retry, or another instance's identical move. */
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
  }
  let appended: { seq: number; duplicate: boolean }
  try {
    appended = await ctx.bus.append(RECORDS_STREAM, recordSubject(before.bucket, before.id), event, {
      expectLastSubjectSequence: input.expectSeq,
      msgId: `move:${before.bucket}:${before.id}:${input.expectSeq}:${move.name}`,
    })
  } catch (error) {
    throw error instanceof BusConflictError ? new RecordChangedError(input.bucket, input.id, error) : error
  }
  const { seq, duplicate } = appended
  if (duplicate) {
    // The stored event may carry another actor and time than this call's.
    const stored = await rebuildProjection(ctx.bus, before.bucket, before.id, seq)
    if (stored === null) throw recordsError(`${before.bucket}/${before.id} at ${seq} does not fold`)
    await ctx.sideEffects({ site, bucket, view: stored.record, mail: move.mail, project: () => storeProjection(ctx.projections, stored) })
    return { record: stored.record, duplicate }
  }
  const view = applyEvent(before, event, seq)
  if (view === null) throw recordsError(`${before.bucket}/${before.id} at ${seq} does not fold`)
  const project = () => projectEvent(ctx.bus, ctx.projections, { event, seq, view, previousSeq: input.expectSeq })
  await ctx.sideEffects({ site, bucket, view, mail: move.mail, project })
  return { record: view, duplicate }
}

/** The record as it was at `seq`: the version the caller saw and the edge is checked against. */
async function versionAt(ctx: RecordsContext, bucket: string, id: string, seq: number): Promise<RecordView> {
  let view = ctx.index.get(bucket, id)
  if (view === null || view.seq < seq) view = await ctx.index.waitFor(bucket, id, seq, ctx.waitMs)
  if (view === null) {
    if (ctx.index.get(bucket, id) === null) throw new RecordNotFoundError(bucket, id)
    throw new RecordChangedError(bucket, id)
  }
  if (view.seq === seq) return view
  // The index has moved on. Reading that version back lets a retried move
  // reach the bus, which knows it by its msgId, instead of being refused here.
  const then = await rebuildProjection(ctx.bus, bucket, id, seq)
  if (then === null || then.record.seq !== seq) throw new RecordChangedError(bucket, id)
  return then.record
}
