// Which desk a staff link to a case opens for one reader: the first desk (in content order) that holds the
// bucket and that the reader may open and read the bucket on.
import type { Desk, SiteModel } from '../content/model'
import type { PolicyEngine } from '../policy/engine'
import { mayReadDeskBucket } from '../policy/questions'
import type { Principal } from '../policy/request'

export type CaseDesk =
  | { readonly desk: Desk; readonly refused?: undefined }
  | { readonly desk?: undefined; readonly refused: 'not-found' | 'sign-in' }
  /** `holders`: the desks that hold the bucket, whose people the reader may ask. */
  | { readonly desk?: undefined; readonly refused: 'forbidden'; readonly holders: readonly Desk[] }

export function resolveCaseDesk(site: SiteModel, policy: PolicyEngine, principal: Principal, bucket: string): CaseDesk {
  const holders = [...site.desks.values()].filter((desk) => desk.buckets.includes(bucket))
  if (holders.length === 0) return { refused: 'not-found' }
  if (principal === null) return { refused: 'sign-in' }
  const desk = holders.find((candidate) => mayReadDeskBucket(policy, { principal }, candidate, bucket))
  return desk === undefined ? { refused: 'forbidden', holders } : { desk }
}
