// The places a map block shows: records of its bucket the viewer may see,
// whose location field they may see and is filled in. A desk reader of the
// bucket sees all of them; anyone else the public view's, when its fields
// include the location. At most the newest 500.
import type { Block } from '../content/model'
import { mayReadBucket, mayReadRecord } from '../policy/questions'
import type { MapPoint } from '../render/record-model'
import type { PageContext } from './context'
import { recordHref, shownRecordName } from './record-names'
import { readLocation } from '../maps/location'

type MapBlock = Extract<Block, { kind: 'map' }>

const MAP_LIMIT = 500

export function buildMapPoints(ctx: PageContext, block: MapBlock): MapPoint[] {
  const bucket = ctx.site.buckets.get(block.bucket)
  if (bucket === undefined) return []
  const reader = mayReadBucket(ctx.policy, ctx.visitor, bucket.name)
  const shown = bucket.public?.fields.includes(block.field) ?? false
  if (!reader && (bucket.public === undefined || !shown)) return []
  const states = reader ? undefined : bucket.public?.states
  const { items } = ctx.index.list(bucket.name, {
    ...(states === undefined ? {} : { states }),
    offset: 0,
    limit: MAP_LIMIT,
  })
  return items.flatMap((view) => {
    const at = readLocation(view.fields[block.field])
    if (at === null || !mayReadRecord(ctx.policy, ctx.visitor, view)) return []
    const label = shownRecordName(bucket, view, reader ? 'all' : 'public') ?? view.id
    const href = recordHref(ctx, bucket.name, view.id)
    return [{ ...at, label, ...(href === undefined ? {} : { href }) }]
  })
}
