// The record a record page shows, when this visitor may see it.
import type { Page } from '../content/model'
import { recordAccess } from '../policy/questions'
import type { RecordView } from '../records/types'
import type { PageContext } from './context'

/** Null both for an id that never existed and for a record not the visitor's to see. */
export function visibleRecord(ctx: PageContext, page: Page, recordId: string | undefined): RecordView | null {
  const bucket = page.record === undefined ? undefined : ctx.site.buckets.get(page.record)
  const view = bucket === undefined || recordId === undefined ? null : ctx.index.get(bucket.name, recordId)
  return bucket !== undefined && view !== null && recordAccess(ctx.policy, ctx.visitor, bucket, view) !== null
    ? view
    : null
}
