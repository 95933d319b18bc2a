// A record's name is its bucket's first text field (docs/content.md,
// "record"); it is only shown where that field is.
import type { Bucket, Page, SiteModel } from '../content/model'
import { recordPagePath } from '../content/paths'
import { nameField } from '../content/record-name'
import { mayOpenPage, recordAccess, type RecordAccess } from '../policy/questions'
import type { RecordView } from '../records/types'
import type { PageContext } from './context'
import { shownFields } from './shown-fields'

/** The name, when the bucket has a text field the visitor may see and it is filled in. */
export function shownRecordName(bucket: Bucket, view: RecordView, access: RecordAccess): string | undefined {
  const name = nameField(bucket)
  if (name === undefined) return view.id
  if (!shownFields(bucket, access).some((field) => field.name === name)) return undefined
  return view.fields[name]?.trim() || undefined
}

function recordPageOf(site: SiteModel, bucket: string): Page | undefined {
  return site.pages.find((page) => page.record === bucket)
}

/** The link to a record's own page, when there is one this visitor may open. */
export function recordHref(ctx: PageContext, bucket: string, id: string): string | undefined {
  const page = recordPageOf(ctx.site, bucket)
  return page !== undefined && mayOpenPage(ctx.policy, ctx.visitor, page)
    ? recordPagePath(ctx.site, bucket, id)
    : undefined
}

/** Another record as a field value shows it: its name and page, if the visitor may see it. */
export function referencedRecord(
  ctx: PageContext,
  bucketName: string,
  id: string,
): { label: string; href?: string } | null {
  const bucket = ctx.site.buckets.get(bucketName)
  const view = ctx.index.get(bucketName, id)
  if (bucket === undefined || view === null) return null
  const access = recordAccess(ctx.policy, ctx.visitor, bucket, view)
  if (access === null) return null
  const label = shownRecordName(bucket, view, access)
  return label === undefined ? null : { label, href: recordHref(ctx, bucketName, id) }
}
