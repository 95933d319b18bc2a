// The submitter's own moves on one record: declared from its state, and
// allowed by the policy's `self` rules for this visitor.
import type { Bucket } from '../content/model'
import type { SelfMoveButton } from '../render/record-model'
import { textAt } from '../render/storyline'
import type { RecordView } from '../records/types'
import { ownsRecord, recordResource } from './access'
import type { PageContext } from './context'
import { selfPrincipal } from './visitor'

export function mayTakeSelfMove(ctx: PageContext, bucket: Bucket, view: RecordView, edge: string): boolean {
  const move = bucket.self.find((m) => m.name === edge)
  if (move === undefined || !move.from.includes(view.state) || !ownsRecord(ctx, bucket, view)) return false
  return ctx.policy.authorize({
    principal: selfPrincipal(ctx.visitor),
    action: 'self',
    resource: recordResource(view),
    context: { edge },
  }).allowed
}

export function selfMoveButtons(ctx: PageContext, bucket: Bucket, view: RecordView): SelfMoveButton[] {
  return bucket.self
    .filter((move) => mayTakeSelfMove(ctx, bucket, view, move.name))
    .map((move) => ({ edge: move.name, label: textAt(move.label, ctx.story) || move.name }))
}
