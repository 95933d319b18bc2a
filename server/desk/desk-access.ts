// Who gets what on a desk. A desk is opened by policy (`open` on Desk), and
// each of its buckets is shown only to people who may `read` it, so a
// policy/ file's forbid narrows a desk without touching the desk file.
import type { Bucket, Desk, SiteModel } from '../content/model'
import type { PolicyEngine } from '../policy/engine'
import type { Principal, ResourceRef } from '../policy/request'
import { submitterSubject } from '../records/person'
import type { RecordView } from '../records/types'

export type Refusal = 'not-found' | 'sign-in' | 'forbidden'

export type DeskAccess =
  | { readonly refused: Refusal }
  | { readonly refused?: undefined; readonly desk: Desk; readonly buckets: readonly Bucket[] }

export type BucketAccess =
  | { readonly refused: Refusal }
  | { readonly refused?: undefined; readonly bucket: Bucket }

function canOpenDesk(policy: PolicyEngine, principal: Principal, desk: Desk): boolean {
  return policy.authorize({ principal, action: 'open', resource: { type: 'Desk', id: desk.name } }).allowed
}

/** The desks this person may open, in the content's order. */
export function openableDesks(site: SiteModel, policy: PolicyEngine, principal: Principal): Desk[] {
  return [...site.desks.values()].filter((desk) => canOpenDesk(policy, principal, desk))
}

function canReadBucket(policy: PolicyEngine, principal: Principal, bucket: string): boolean {
  return policy.authorize({ principal, action: 'read', resource: { type: 'Bucket', id: bucket } }).allowed
}

// An unknown desk is "not found" for everyone: desk names are in the content
// repository, so saying so gives nothing away.
export function openDesk(site: SiteModel, policy: PolicyEngine, principal: Principal, name: string): DeskAccess {
  const desk = site.desks.get(name)
  if (desk === undefined) return { refused: 'not-found' }
  if (principal === null) return { refused: 'sign-in' }
  if (!canOpenDesk(policy, principal, desk)) return { refused: 'forbidden' }
  const buckets = desk.buckets
    .map((bucket) => site.buckets.get(bucket))
    .filter((bucket): bucket is Bucket => bucket !== undefined && canReadBucket(policy, principal, bucket.name))
  return { desk, buckets }
}

/** One bucket through an open desk: a bucket the desk does not list is not found. */
export function deskBucket(site: SiteModel, desk: Desk, readable: readonly Bucket[], name: string): BucketAccess {
  if (!desk.buckets.includes(name) || !site.buckets.has(name)) return { refused: 'not-found' }
  const bucket = readable.find((candidate) => candidate.name === name)
  return bucket === undefined ? { refused: 'forbidden' } : { bucket }
}

/** A record as the policy engine sees it. */
export function recordResource(view: RecordView): ResourceRef {
  return {
    type: 'Record', id: view.id, bucket: view.bucket, state: view.state, storyline: view.storyline,
    submitter: submitterSubject(view),
  }
}

export function canReadRecord(policy: PolicyEngine, principal: Principal, view: RecordView): boolean {
  return policy.authorize({ principal, action: 'read', resource: recordResource(view) }).allowed
}
