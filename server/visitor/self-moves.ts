// The submitter's own moves on one record: declared from its state, and
// allowed by the policy's `self` rules for this visitor.
import type { Bucket } from '../content/model'
import { mayTakeSelfMove } from '../policy/questions'
import type { SelfMoveButton } from '../render/record-model'
import { textAt } from '../content/storyline'
import type { RecordView } from '../records/types'
import type { PageContext } from './context'

export function selfMoveButtons(ctx: PageContext, bucket: Bucket, view: RecordView): SelfMoveButton[] {
  return bucket.self
    .filter((move) => mayTakeSelfMove(ctx.policy, ctx.visitor, bucket, view, move.name))
    .map((move) => ({ edge: move.name, label: textAt(move.label, ctx.story) || move.name }))
}
