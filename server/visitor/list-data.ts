// Which records a `list` block shows this visitor, newest first, one page
// at a time. Each view narrows on its own rules before `where` narrows more.
import type { Block, Bucket } from '../content/model'
import { mayReadBucket, mayReadRecord, type RecordAccess } from '../policy/questions'
import type { ListData, RecordSummary } from '../render/record-model'
import type { ListFilter } from '../records/list-filter'
import type { RecordView } from '../records/types'
import type { PageContext } from './context'
import { mineFilter } from './mine-filter'
import { summarize } from './summary'

export type ListBlock = Extract<Block, { kind: 'list' }>

const LIST_PAGE_SIZE = 20

export interface ListRequest {
  /** The record a record page shows, for `where: { equals: record }`. */
  readonly recordId?: string
  /** 1-based. */
  readonly page: number
  /** The link to another page of this list. */
  readonly pageHref: (page: number) => string
  /** Where to sign in; absent when sign-in is off. */
  readonly signInHref?: string
}

interface Plan {
  readonly filter: ListFilter
  readonly access: RecordAccess
  readonly keep: (view: RecordView) => boolean
}

function plan(ctx: PageContext, block: ListBlock, bucket: Bucket): Plan | null {
  switch (block.view) {
    case 'public':
      if (bucket.public === undefined) return null
      // A forbid in the content's own policy still hides a record in a public state.
      return {
        filter: { states: bucket.public.states },
        access: 'public',
        keep: (view) => mayReadRecord(ctx.policy, ctx.visitor, view),
      }
    case 'mine': {
      const filter = mineFilter(ctx.visitor, bucket)
      return filter === null ? null : { filter, access: 'all', keep: () => true }
    }
    case 'desk':
      return mayReadBucket(ctx.policy, ctx.visitor, bucket.name)
        ? { filter: {}, access: 'all', keep: (view) => mayReadRecord(ctx.policy, ctx.visitor, view) }
        : null
  }
}

export function buildList(ctx: PageContext, block: ListBlock, request: ListRequest): ListData {
  const bucket = ctx.site.buckets.get(block.bucket)
  const signInHref = block.view === 'mine' && !ctx.visitor.signedIn ? request.signInHref : undefined
  const chosen = bucket === undefined ? null : plan(ctx, block, bucket)
  // `where` means this page's record; without one (not a record page) nothing matches.
  if (bucket === undefined || chosen === null || (block.where !== undefined && request.recordId === undefined)) {
    return { items: [], total: 0, signInHref }
  }
  const where =
    block.where && request.recordId !== undefined ? { field: block.where.field, equals: request.recordId } : undefined
  const offset = (request.page - 1) * LIST_PAGE_SIZE
  const { total, items } = ctx.index.list(bucket.name, { ...chosen.filter, where, offset, limit: LIST_PAGE_SIZE })
  const summaries: RecordSummary[] = items
    .filter(chosen.keep)
    .map((view) =>
      summarize(ctx, bucket, view, chosen.access, block.view === 'mine', block.view === 'desk' ? 'staff' : 'visitor'),
    )
  return {
    items: summaries,
    total,
    moreHref: offset + LIST_PAGE_SIZE < total ? request.pageHref(request.page + 1) : undefined,
    newestHref: request.page > 1 ? request.pageHref(1) : undefined,
    signInHref,
  }
}
