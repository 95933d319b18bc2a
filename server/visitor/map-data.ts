// The places a map block shows: records of its bucket the viewer may see,
// whose location field they may see and is filled in. A desk reader of the
// bucket sees all of them; anyone else their own cases (linked to their case
// page) and the public view's, when its fields include the location. At most
// the newest 500 of each.
import type { Block } from '../content/model'
import { mayReadBucket, recordAccess, type RecordAccess } from '../policy/questions'
import type { MapPoint } from '../render/record-model'
import type { RecordView } from '../records/types'
import type { PageContext } from './context'
import { recordHref, shownRecordName } from './record-names'
import { readLocation } from '../maps/location'
import { casePath } from '../content/paths'

type MapBlock = Extract<Block, { kind: 'map' }>

const MAP_LIMIT = 500

export function buildMapPoints(ctx: PageContext, block: MapBlock): MapPoint[] {
  const bucket = ctx.site.buckets.get(block.bucket)
  if (bucket === undefined) return []
  const reader = mayReadBucket(ctx.policy, ctx.visitor, bucket.name)
  const point = (view: RecordView, access: RecordAccess): MapPoint[] => {
    const at = readLocation(view.fields[block.field])
    // What the viewer may see of the record decides, as it does for a list: their own, a reader's, a public one.
    if (at === null || recordAccess(ctx.policy, ctx.visitor, bucket, view) === null) return []
    const label = shownRecordName(bucket, view, access) ?? view.id
    const href =
      recordHref(ctx, bucket.name, view.id) ??
      (access === 'all' && !reader ? casePath(bucket.name, view.id) : undefined)
    return [{ ...at, label, ...(href === undefined ? {} : { href }) }]
  }
  if (reader) return ctx.index.list(bucket.name, { offset: 0, limit: MAP_LIMIT }).items.flatMap((v) => point(v, 'all'))
  // The visitor's own cases, wherever they stand, then the public view's (when it shows the place).
  const submitter = ctx.visitor.submitters ?? ctx.visitor.submitter
  const own =
    submitter === undefined || bucket.signIn === 'none'
      ? []
      : ctx.index.list(bucket.name, { submitter, offset: 0, limit: MAP_LIMIT }).items
  const ownIds = new Set(own.map((view) => view.id))
  const shown = bucket.public !== undefined && bucket.public.fields.includes(block.field)
  const states = bucket.public?.states ?? []
  const publicViews = shown ? ctx.index.list(bucket.name, { states, offset: 0, limit: MAP_LIMIT }).items : []
  return [
    ...own.flatMap((view) => point(view, 'all')),
    ...publicViews.filter((view) => !ownIds.has(view.id)).flatMap((view) => point(view, 'public')),
  ]
}
