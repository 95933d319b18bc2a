// Erasing a record's personal data (issue 29, docs/privacy.md): an `erased`
// event on the record's own subject, appended only on top of the version
// read, as a move is, so a move and an erasure at the same moment give one
// order and nothing half-erased; then the record's key is destroyed, which
// leaves every sealed value on the stream unreadable, and what is kept
// mutable (its KV projection, this index; the rest through the event's
// effects and every index as it applies it) is written again without them.
import { BusConflictError } from '../bus/errors'
import { log } from '../log'
import { isName, isRecordId } from '../names'
import { foldEvents } from './apply-event'
import { appendRecordEvent, personalFieldsOf } from './append-event'
import { hasPersonalValues } from './event-seal'
import { RecordChangedError, UnsealedRecordError } from './errors'
import { readRecordEvents, readSealedEvents } from './record-events'
import { useRecordKeys } from './record-keys'
import type { RecordsContext } from './records-context'
import { MAX_NOTE, RECORDS_STREAM, recordSubject } from './types'
import type { Actor, EraseReason, Projection, RecordEvent, RecordView } from './types'

export interface EraseInput {
  readonly bucket: string
  readonly id: string
  readonly actor: Actor
  readonly reason: EraseReason
  /** Staff's reason, kept on the event. */
  readonly note?: string
}

/** null: no such record. */
export type EraseOutcome =
  { readonly kind: 'erased'; readonly record: RecordView } | { readonly kind: 'already-erased' } | null

const ATTEMPTS = 5

export async function eraseRecord(ctx: RecordsContext, input: EraseInput): Promise<EraseOutcome> {
  const { bucket, id } = input
  // A forged name cannot make a subject, and a bucket the content does not serve is nobody's to erase in.
  if (!isName(bucket) || !isRecordId(id) || !ctx.site().buckets.has(bucket)) return null
  const subject = recordSubject(bucket, id)
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const last = await ctx.bus.lastSubjectSequence(RECORDS_STREAM, subject)
    if (last === 0) return null
    const events = await readSealedEvents(ctx.bus, bucket, id, last)
    const filed = events[0]?.event
    if (filed?.type !== 'filed') return null
    if (events.some(({ event }) => event.type === 'erased')) {
      // Finishing what an erasure cut short (a crash after its event) is the same work again.
      await scrub(ctx, bucket, id)
      return { kind: 'already-erased' }
    }
    const content = ctx.site().buckets.get(bucket)
    // Plain personal values on the stream (filed before sealing) cannot be shredded; a filing that held none
    // (no sign-in kept, no personal field answered) has nothing sealed and is erased all the same.
    if (filed.sealed === undefined && content !== undefined && hasPersonalValues(filed, personalFieldsOf(content)))
      throw new UnsealedRecordError(bucket, id)
    const event: RecordEvent = {
      v: 1,
      type: 'erased',
      record: id,
      bucket,
      storyline: filed.storyline,
      actor: input.actor,
      time: ctx.now().toISOString(),
      reason: input.reason,
      // Cut to what the event's schema keeps, so no index skips it as invalid.
      ...(input.note === undefined || input.note === '' ? {} : { note: input.note.slice(0, MAX_NOTE) }),
      fields: (filed.sealed?.names ?? []).filter((name) => name.startsWith('fields.')).map((name) => name.slice(7)),
    }
    let appended: { seq: number; duplicate: boolean }
    try {
      appended = await appendRecordEvent(ctx.bus, event, { expectLastSubjectSequence: last, msgId: `erase:${subject}` })
    } catch (error) {
      // A move, note or erasure came between: read the record again and erase on top of it.
      if (error instanceof BusConflictError) continue
      throw error
    }
    const erased = await scrub(ctx, bucket, id)
    if (appended.duplicate) return { kind: 'already-erased' }
    await ctx.index.waitFor(bucket, id, appended.seq, ctx.waitMs)
    return { kind: 'erased', record: erased.record }
  }
  throw new RecordChangedError(bucket, id)
}

/**
 * Removes the leftovers, destroys the key, then writes the projection folded from the stream (every sealed
 * value erased) as the record's only one, and runs the erasure's effects.
 */
async function scrub(ctx: RecordsContext, bucket: string, id: string): Promise<Projection> {
  const last = await ctx.bus.lastSubjectSequence(RECORDS_STREAM, recordSubject(bucket, id))
  const events = await readRecordEvents(ctx.bus, bucket, id, last)
  const site = ctx.site()
  const content = site.buckets.get(bucket)
  const before = foldEvents(
    events.slice(
      0,
      events.findIndex(({ event }) => event.type === 'erased'),
    ),
  )
  if (content !== undefined && before !== null && ctx.leftovers !== undefined) {
    // Left for the sweep of files no record names when it fails (files/sweep-uploads.ts).
    await ctx.leftovers(content, before.record).catch((error: unknown) =>
      log('warn', 'records', "[svc] [records] removing an erased record's files failed", {
        bucket,
        record: id,
        error: String(error),
      }),
    )
  }
  await useRecordKeys(ctx.bus).destroy(bucket, id, ctx.now())
  const projection = foldEvents(events)
  const entry = projection?.history.findLast((one) => one.type === 'erased')
  if (projection === null || entry === undefined || content === undefined)
    throw new RecordChangedError(bucket, id, 'no erasure to scrub after')
  await ctx.sideEffects({
    site,
    bucket: content,
    entry,
    view: projection.record,
    project: () => ctx.projections.replace(projection),
  })
  return projection
}
