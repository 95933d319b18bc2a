// Cases filed in a browser before its person signed in become that person's
// at sign-in: a `claimed` event on each, so the record's submitter is their
// subject from then on, on every instance and device, and after any restart
// (the stream is the truth; the index, projection and policy all follow it).
// A claim is made only on top of the version read, and a record claimed
// meanwhile (a second tab's callback) is left alone.
import { BusConflictError } from '../bus/errors'
import { log } from '../log'
import { applyEvent, historyEntry } from './apply-event'
import { appendRecordEvent } from './append-event'
import { RecordNotFoundError } from './errors'
import { latest } from './note-record'
import { projectEvent } from './project'
import type { RecordsContext } from './records-context'
import type { Actor, RecordEvent, RecordView } from './types'

export interface ClaimInput {
  /** The submitter values the browser filed under (`session:<digest>`). */
  readonly from: readonly string[]
  /** The person who signed in. */
  readonly subject: string
  readonly actor: Actor
}

const ATTEMPTS = 3
// A browser files a handful of cases; a flood is not claimed all at one sign-in.
const MOST = 500

/** How many records became the person's. */
export async function claimRecords(ctx: RecordsContext, input: ClaimInput): Promise<number> {
  const site = ctx.site()
  const from = new Set(input.from.filter((submitter) => submitter !== '' && submitter !== input.subject))
  let claimed = 0
  for (const bucket of site.buckets.values()) {
    if (bucket.signIn === 'none') continue
    for (const submitter of from) {
      const { items } = ctx.index.list(bucket.name, { submitter, offset: 0, limit: MOST })
      for (const view of items) if (await claimOne(ctx, view, submitter, input)) claimed++
    }
  }
  return claimed
}

async function claimOne(ctx: RecordsContext, found: RecordView, from: string, input: ClaimInput): Promise<boolean> {
  const site = ctx.site()
  const bucket = site.buckets.get(found.bucket)
  if (bucket === undefined) return false
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    let before: RecordView
    try {
      before = await latest(ctx, found.bucket, found.id)
    } catch (error) {
      if (error instanceof RecordNotFoundError) return false
      throw error
    }
    if (before.submitter !== from) return false
    const event: RecordEvent = {
      v: 1,
      type: 'claimed',
      record: before.id,
      bucket: before.bucket,
      storyline: before.storyline,
      actor: input.actor,
      time: ctx.now().toISOString(),
      from,
      submitter: input.subject,
    }
    try {
      const appended = await appendRecordEvent(ctx.bus, event, {
        expectLastSubjectSequence: before.seq,
        msgId: `claim:${before.bucket}:${before.id}:${before.seq}`,
      })
      if (appended.duplicate) return false
      const view = applyEvent(before, event, appended.seq)
      if (view === null) return false
      const project = () =>
        projectEvent(ctx.bus, ctx.projections, { event, seq: appended.seq, view, previousSeq: before.seq })
      // The projection, and the grant its state earned, now for the person.
      await ctx.sideEffects({ site, bucket, entry: historyEntry(event, appended.seq, view.state), view, project })
      return true
    } catch (error) {
      if (!(error instanceof BusConflictError)) throw error
    }
  }
  log('warn', 'records', '[svc] [records] a case kept changing while it was claimed; left as it was', {
    bucket: found.bucket,
    record: found.id,
  })
  return false
}
