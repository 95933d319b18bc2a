// Filing: a new record in the bucket's initial state, in the visitor's storyline.
import { randomBytes } from 'node:crypto'
import { BusConflictError } from '../bus/errors'
import { applyEvent } from './apply-event'
import { recordsError } from './errors'
import { projectEvent } from './project'
import { bucketOf } from './records-context'
import type { RecordsContext } from './records-context'
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
}

/** 12 random bytes: 16 URL-safe characters, unguessable. */
export const newRecordId = (): string => randomBytes(12).toString('base64url')

export async function fileRecord(ctx: RecordsContext, newId: () => string, input: FileInput): Promise<RecordView> {
  const site = ctx.site()
  const bucket = bucketOf(site, input.bucket)
  const initial = bucket.states[0]
  if (initial === undefined) throw recordsError(`bucket ${bucket.name} has no states`)
  const id = newId()
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
  let seq: number
  try {
    ;({ seq } = await ctx.bus.append(RECORDS_STREAM, recordSubject(bucket.name, id), event, {
      expectLastSubjectSequence: 0,
      msgId: `file:${id}`,
    }))
  } catch (error) {
    throw error instanceof BusConflictError ? recordsError(`record id ${id} is taken`, error) : error
  }
  const view = applyEvent(null, event, seq)
  if (view === null) throw recordsError(`filing ${bucket.name}/${id} does not fold`)
  await ctx.sideEffects({ site, bucket, view, project: () => projectEvent(ctx.bus, ctx.projections, { event, seq, view, previousSeq: 0 }) })
  return view
}
