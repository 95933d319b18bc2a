// One record narrowed to what this visitor may see of it.
import type { Bucket } from '../content/model'
import { nameField } from '../content/record-name'
import type { RecordAccess } from '../policy/questions'
import type { RecordSummary } from '../render/record-model'
import type { RecordView } from '../records/types'
import type { PageContext } from './context'
import { displayFields, stateLabel, type LabelWords } from './field-display'
import { recordHref, shownRecordName } from './record-names'
import { selfMoveButtons } from './self-moves'
import { referenceOf } from '../records/reference'
import { shownFields } from './shown-fields'
import { casePath } from '../content/paths'

export function summarize(
  ctx: PageContext,
  bucket: Bucket,
  view: RecordView,
  access: RecordAccess,
  withSelfMoves: boolean,
  words: LabelWords = 'visitor',
): RecordSummary {
  const name = shownRecordName(bucket, view, access)
  return {
    id: view.id,
    bucket: bucket.name,
    seq: view.seq,
    name,
    // The submitter's own records (the ones with their self moves) open on their case page when there is no record page.
    href: recordHref(ctx, bucket.name, view.id) ?? (withSelfMoves ? casePath(bucket.name, view.id) : undefined),
    stateLabel: stateLabel(ctx, bucket, view.state, words),
    filedAt: view.filedAt,
    ...(withSelfMoves ? { reference: referenceOf(view.filedSeq) } : {}),
    // The name is the heading already.
    fields: displayFields(
      ctx,
      shownFields(bucket, access),
      view,
      name === undefined ? undefined : nameField(bucket),
      words,
    ),
    selfMoves: withSelfMoves ? selfMoveButtons(ctx, bucket, view) : [],
  }
}
