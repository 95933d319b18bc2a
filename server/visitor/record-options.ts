// The choices of a form's `record` fields: the records of the `of` bucket
// this visitor may see, by name.
import type { Bucket } from '../content/model'
import { mayReadBucket, mayReadRecord, recordAccess } from '../policy/questions'
import type { RecordOption } from '../render/field-context'
import type { PageContext } from './context'
import { shownRecordName } from './record-names'

// A choice list longer than this is no longer a choice anyone can make.
const MAX_OPTIONS = 500

function optionsOf(ctx: PageContext, of: Bucket): RecordOption[] {
  const full = mayReadBucket(ctx.policy, ctx.visitor, of.name)
  if (!full && of.public === undefined) return []
  const filter = full ? {} : { states: of.public?.states }
  const { items } = ctx.index.list(of.name, { ...filter, offset: 0, limit: MAX_OPTIONS })
  return items
    .filter((view) => mayReadRecord(ctx.policy, ctx.visitor, view))
    .map((view) => ({ id: view.id, label: shownRecordName(of, view, full ? 'all' : 'public') ?? view.id }))
    .sort((a, b) => a.label.localeCompare(b.label))
}

export function recordOptions(ctx: PageContext, bucket: Bucket): Record<string, RecordOption[]> {
  const options: Record<string, RecordOption[]> = {}
  for (const field of bucket.fields) {
    const of = field.type === 'record' && field.of !== undefined ? ctx.site.buckets.get(field.of) : undefined
    if (of !== undefined) options[field.name] = optionsOf(ctx, of)
  }
  return options
}

/** For validateFields: the record exists and this visitor may see it. */
export function recordExists(ctx: PageContext): (bucket: string, id: string) => boolean {
  return (bucketName, id) => {
    const bucket = ctx.site.buckets.get(bucketName)
    const view = ctx.index.get(bucketName, id)
    return bucket !== undefined && view !== null && recordAccess(ctx.policy, ctx.visitor, bucket, view) !== null
  }
}
