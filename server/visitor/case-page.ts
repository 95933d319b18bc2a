// A submitter's own case page (/my/{bucket}/{id}): the case as its
// submitter sees it, with its reference, where it stands, and its timeline:
// the moves, what staff wrote and what was replied by mail. Nobody else sees
// it, and for them an existing case and a missing one look the same.
import type { Bucket } from '../content/model'
import { mayEraseOwn, ownsRecord } from '../policy/questions'
import type { HistoryEntry, RecordView } from '../records/types'
import type { RecordSummary } from '../render/record-model'
import { textAt } from '../content/storyline'
import { stateLabel } from './field-display'
import { summarize } from './summary'
import type { Visit } from './visit'
import { casePath } from '../content/paths'

/** One line of the timeline, in the submitter's words. */
export type TimelineEntry =
  | { readonly kind: 'filed'; readonly time: string; readonly state: string }
  | { readonly kind: 'moved'; readonly time: string; readonly state: string; readonly how: 'desk' | 'self' | 'timed' }
  | { readonly kind: 'message'; readonly time: string; readonly markdown: string }
  | { readonly kind: 'reply'; readonly time: string; readonly text: string }
  | { readonly kind: 'claimed'; readonly time: string }
  | { readonly kind: 'erased'; readonly time: string }

export interface CasePageData {
  readonly bucketTitle: string
  readonly record: RecordSummary
  readonly timeline: readonly TimelineEntry[]
  readonly path: string
  /** The submitter may erase its personal data from here (`self_erase: true`, not erased yet). */
  readonly erasable: boolean
}

export function casePageData(
  visit: Visit,
  bucket: Bucket,
  view: RecordView,
  history: readonly HistoryEntry[],
  /** False for a closed case opened by its mail's link: it shows, but moves nothing. */
  selfMoves = true,
): CasePageData | null {
  const { ctx } = visit
  if (!ownsRecord(ctx.visitor, bucket, view)) return null
  const label = (state: string) => stateLabel(ctx, bucket, state)
  // The service's own notes (a mail that bounced) are for staff.
  const timeline = history.flatMap((entry): TimelineEntry[] => {
    switch (entry.type) {
      case 'filed':
        return [{ kind: 'filed', time: entry.time, state: label(entry.to) }]
      case 'moved':
        return [{ kind: 'moved', time: entry.time, state: label(entry.to), how: movedHow(entry) }]
      case 'noted':
        if (entry.via === 'desk') return [{ kind: 'message', time: entry.time, markdown: entry.text ?? '' }]
        if (entry.via === 'mail') return [{ kind: 'reply', time: entry.time, text: entry.text ?? '' }]
        return []
      case 'claimed':
        return [{ kind: 'claimed', time: entry.time }]
      case 'erased':
        return [{ kind: 'erased', time: entry.time }]
    }
  })
  const summary = summarize(ctx, bucket, view, 'all', true)
  return {
    bucketTitle: textAt(bucket.title, ctx.story) || bucket.name,
    record: selfMoves ? summary : { ...summary, selfMoves: [] },
    timeline,
    path: casePath(bucket.name, view.id),
    erasable:
      view.erasedAt === undefined &&
      ctx.visitor.actor !== undefined &&
      mayEraseOwn(ctx.policy, ctx.visitor, bucket, view),
  }
}

function movedHow(entry: HistoryEntry): 'desk' | 'self' | 'timed' {
  return entry.via === 'self' || entry.via === 'timed' ? entry.via : 'desk'
}
