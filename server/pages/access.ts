// What a visitor may see of a record: everything (a desk reader, or the
// person who filed it), the public view, or nothing at all.
import type { Bucket, Field, Page } from '../content/model'
import type { ResourceRef } from '../policy/request'
import type { RecordView } from '../records/types'
import type { PageContext } from './context'

export type Access = 'all' | 'public'

export function recordResource(view: RecordView): ResourceRef {
  return { type: 'Record', id: view.id, bucket: view.bucket, state: view.state, storyline: view.storyline, submitter: view.submitter }
}

/** Reading the bucket as a whole is what a desk gives. */
export function readsBucket(ctx: PageContext, bucket: string): boolean {
  return ctx.policy.authorize({ principal: ctx.visitor.principal, action: 'read', resource: { type: 'Bucket', id: bucket } }).allowed
}

export function mayReadRecord(ctx: PageContext, view: RecordView): boolean {
  return ctx.policy.authorize({ principal: ctx.visitor.principal, action: 'read', resource: recordResource(view) }).allowed
}

// A `sign_in: none` bucket keeps its records anonymous, whoever filed them.
export function ownsRecord(ctx: PageContext, bucket: Bucket, view: RecordView): boolean {
  const { submitter } = ctx.visitor
  return bucket.signIn !== 'none' && submitter !== undefined && submitter !== '' && view.submitter === submitter
}

function inPublicView(bucket: Bucket, view: RecordView): boolean {
  return bucket.public?.states.includes(view.state) ?? false
}

export function accessTo(ctx: PageContext, bucket: Bucket, view: RecordView): Access | null {
  // A policy/ file's forbid on the record itself still hides it from a bucket reader.
  if ((readsBucket(ctx, bucket.name) && mayReadRecord(ctx, view)) || ownsRecord(ctx, bucket, view)) return 'all'
  return inPublicView(bucket, view) && mayReadRecord(ctx, view) ? 'public' : null
}

/** The fields shown at that access, in the bucket's order. */
export function shownFields(bucket: Bucket, access: Access): readonly Field[] {
  if (access === 'all') return bucket.fields
  const names = new Set(bucket.public?.fields ?? [])
  return bucket.fields.filter((field) => names.has(field.name))
}

export function mayOpen(ctx: PageContext, page: Page): boolean {
  return ctx.policy.authorize({ principal: ctx.visitor.principal, action: 'open', resource: { type: 'Page', id: page.path } }).allowed
}
