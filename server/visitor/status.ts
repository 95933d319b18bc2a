// The message at the top of a page after post/redirect/get: the bucket's
// thanks after filing, the new state after a self move.
import { messagesFor } from '../messages/messages'
import type { Page } from '../content/model'
import { mayOpenPage, ownsRecord, recordAccess } from '../policy/questions'
import type { SafeHtml } from '../render/html'
import { renderMoved, renderThanks } from '../render/record-status'
import { textAt } from '../content/storyline'
import type { Records } from '../records/records'
import type { RecordView } from '../records/types'
import type { PageContext } from './context'
import { stateLabel } from './field-display'
import { formBuckets, minePageOf } from './page-forms'
import { shownRecordName } from './record-names'
import { referenceOf } from '../records/reference'
import { casePath } from '../content/paths'

// The redirect can outrun this instance's index; lists should already show
// what the visitor just did, but a slow index must not hold the page long.
const INDEX_WAIT_MS = 2000
const FILED_WAIT_MS = 200

async function settled(ctx: PageContext, records: Records, bucket: string, id: string): Promise<RecordView | null> {
  const view = await records.get(bucket, id)
  if (view !== null) await ctx.index.waitFor(bucket, id, view.seq, INDEX_WAIT_MS)
  return view
}

/**
 * A record just filed: any version the index has will do, and the redirect
 * is usually a millisecond behind the event, so the bus is read only for an
 * id the index does not learn of quickly (a lagging instance, a made-up id).
 */
async function filed(ctx: PageContext, records: Records, bucket: string, id: string): Promise<RecordView | null> {
  return (await ctx.index.waitFor(bucket, id, 1, FILED_WAIT_MS)) ?? settled(ctx, records, bucket, id)
}

export async function filedStatus(
  ctx: PageContext,
  records: Records,
  page: Page,
  id: string,
): Promise<SafeHtml | undefined> {
  for (const name of formBuckets(page)) {
    const bucket = ctx.site.buckets.get(name)
    const view = bucket === undefined ? null : await filed(ctx, records, name, id)
    if (bucket === undefined || view === null) continue
    const mine = minePageOf(ctx.site.pages, name)
    const owned = ownsRecord(ctx.visitor, bucket, view)
    const href = mine !== undefined && owned && mayOpenPage(ctx.policy, ctx.visitor, mine) ? mine.path : undefined
    // Only who filed it is told its reference, with the way to follow it.
    const reference = owned ? { text: referenceOf(view.filedSeq), href: casePath(name, view.id) } : undefined
    return renderThanks(textAt(bucket.thanks, ctx.story), messagesFor(ctx.site, ctx.story), href, reference)
  }
  return undefined
}

/** Only the person who moved their case hears about it. */
export async function movedStatus(
  ctx: PageContext,
  records: Records,
  buckets: readonly string[],
  id: string,
): Promise<SafeHtml | undefined> {
  for (const name of new Set(buckets)) {
    const bucket = ctx.site.buckets.get(name)
    const view = bucket === undefined ? null : await settled(ctx, records, name, id)
    if (bucket === undefined || view === null || !ownsRecord(ctx.visitor, bucket, view)) continue
    const access = recordAccess(ctx.policy, ctx.visitor, bucket, view) ?? 'public'
    const m = messagesFor(ctx.site, ctx.story)
    return renderMoved(stateLabel(ctx, bucket, view.state), m, shownRecordName(bucket, view, access))
  }
  return undefined
}
