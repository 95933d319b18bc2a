// Who gets what on a desk, as refusals a desk route answers with. The
// questions themselves are server/policy/questions.ts's.
import type { Bucket, Desk, SiteModel } from '../content/model'
import type { PolicyEngine } from '../policy/engine'
import { mayOpenDesk, mayReadDeskBucket } from '../policy/questions'
import type { Principal } from '../policy/request'

export type Refusal = 'not-found' | 'sign-in' | 'forbidden'

export type DeskAccess =
  | { readonly refused: Refusal }
  | { readonly refused?: undefined; readonly desk: Desk; readonly buckets: readonly Bucket[] }

export type BucketAccess = { readonly refused: Refusal } | { readonly refused?: undefined; readonly bucket: Bucket }

// An unknown desk is "not found" for everyone: desk names are in the content
// repository, so saying so gives nothing away.
export function openDesk(site: SiteModel, policy: PolicyEngine, principal: Principal, name: string): DeskAccess {
  const desk = site.desks.get(name)
  if (desk === undefined) return { refused: 'not-found' }
  if (principal === null) return { refused: 'sign-in' }
  const caller = { principal }
  if (!mayOpenDesk(policy, caller, desk)) return { refused: 'forbidden' }
  const buckets = desk.buckets
    .map((bucket) => site.buckets.get(bucket))
    .filter((bucket): bucket is Bucket => bucket !== undefined && mayReadDeskBucket(policy, caller, desk, bucket.name))
  return { desk, buckets }
}

/** One bucket through an open desk: a bucket the desk does not list is not found. */
export function deskBucket(site: SiteModel, desk: Desk, readable: readonly Bucket[], name: string): BucketAccess {
  if (!desk.buckets.includes(name) || !site.buckets.has(name)) return { refused: 'not-found' }
  const bucket = readable.find((candidate) => candidate.name === name)
  return bucket === undefined ? { refused: 'forbidden' } : { bucket }
}
