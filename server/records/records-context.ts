// What filing and moving share.
import type { Bucket, SiteModel } from '../content/model'
import type { Bus } from '../bus/types'
import { BucketNotFoundError } from './errors'
import type { ProjectionStore } from './projection-store'
import type { RecordIndex } from './record-index'
import type { RunSideEffects } from './side-effects'

export interface RecordsContext {
  readonly bus: Bus
  readonly site: () => SiteModel
  readonly index: RecordIndex
  readonly projections: ProjectionStore
  readonly now: () => Date
  /** How long a move waits for this instance's index to reach the version the caller saw. */
  readonly waitMs: number
  readonly sideEffects: RunSideEffects
}

export function bucketOf(site: SiteModel, name: string): Bucket {
  const bucket = site.buckets.get(name)
  if (bucket === undefined) throw new BucketNotFoundError(name)
  return bucket
}
