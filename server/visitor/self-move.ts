// A submitter's self move, as a self-move button posts it.
import { z } from 'zod'
import type { Bucket, Move } from '../content/model'
import type { FormBody } from '../forms/form-body'
import { submissionTokenSchema } from '../forms/submission-token'
import { nameSchema } from '../names'
import { mayTakeSelfMove, ownsRecord } from '../policy/questions'
import { sanitizeReturnPath } from '../sign-in/return-path'
import type { FormRefusal } from '../render/form-refusal'
import { EDGE_FIELD, PAGE_FIELD, SEQ_FIELD, SUBMISSION_FIELD } from '../forms/service-fields'
import { BucketNotFoundError, EdgeNotAllowedError, RecordChangedError, RecordNotFoundError } from '../records/errors'
import type { RecordView } from '../records/types'
import type { Visit } from './visit'

// The index may not have seen a move another instance drew the button after.
const INDEX_WAIT_MS = 2000

const buttonSchema = z.object({
  edge: nameSchema,
  seq: z.coerce.number().int().min(1),
  page: z.string().max(2000).optional(),
  submission: submissionTokenSchema,
})

export interface SelfMoveButtonPost {
  readonly edge: string
  readonly seq: number
  /** Where to go back to: a path on this site. */
  readonly back: string
  /** The button's one-time token. */
  readonly submission: string
}

export function readSelfMoveButton(body: FormBody): SelfMoveButtonPost | null {
  const parsed = buttonSchema.safeParse({
    edge: body.get(EDGE_FIELD),
    seq: body.get(SEQ_FIELD),
    page: body.get(PAGE_FIELD),
    submission: body.get(SUBMISSION_FIELD),
  })
  if (!parsed.success) return null
  // Back to the page only: its own query (a list's page, an old message) is dropped.
  const back = sanitizeReturnPath(parsed.data.page).replace(/[?#].*$/, '')
  return { edge: parsed.data.edge, seq: parsed.data.seq, back, submission: parsed.data.submission }
}

/** The self move, when it takes the case to a closed state: it asks again first, as a desk's `confirm: true` does. */
export function closingSelfMove(bucket: Bucket, edge: string): Move | null {
  const move = bucket.self.find((m) => m.name === edge)
  if (move === undefined) return null
  return bucket.states.find((state) => state.name === move.to)?.closed === true ? move : null
}

/**
 * Moves the record, or says why not, or (for a move that closes the case, not yet answered yes) asks again:
 * only once every check has passed on the current version, so a refusal never shows as a question.
 */
export async function takeSelfMove(
  visit: Visit,
  bucket: Bucket,
  id: string,
  post: SelfMoveButtonPost,
  confirmed: boolean,
): Promise<FormRefusal | 'confirm' | null> {
  const { ctx } = visit
  const seen = ctx.index.get(bucket.name, id)
  const view =
    seen !== null && seen.seq < post.seq ? await ctx.index.waitFor(bucket.name, id, post.seq, INDEX_WAIT_MS) : seen
  // Someone else's case looks the same as no case at all.
  if (view === null || !ownsRecord(ctx.visitor, bucket, view)) return 'no-record'
  // Judged on the version the button was drawn at. If the case moved on
  // since, the records layer takes it only as a repeat of this very button.
  const then = view.seq === post.seq ? view : await versionAt(visit, view, post.seq)
  if (then === null) return 'changed'
  if (!mayTakeSelfMove(ctx.policy, ctx.visitor, bucket, then, post.edge) || ctx.visitor.actor === undefined)
    return 'not-allowed'
  if (!confirmed && view.seq === post.seq && closingSelfMove(bucket, post.edge) !== null) return 'confirm'
  try {
    await visit.records.move({
      bucket: bucket.name,
      id,
      edge: post.edge,
      via: 'self',
      expectSeq: post.seq,
      actor: ctx.visitor.actor,
      submission: post.submission,
    })
    return null
  } catch (error) {
    if (error instanceof RecordChangedError || error instanceof EdgeNotAllowedError) return 'changed'
    if (error instanceof RecordNotFoundError) return 'no-record'
    if (error instanceof BucketNotFoundError) return 'gone'
    throw error
  }
}

async function versionAt(visit: Visit, view: RecordView, seq: number): Promise<RecordView | null> {
  const entry = (await visit.records.history(view.bucket, view.id)).find((e) => e.seq === seq)
  return entry === undefined ? null : { ...view, state: entry.to, enteredAt: entry.time, seq }
}
