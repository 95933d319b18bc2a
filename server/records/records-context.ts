// What filing and moving share.
import type { Bucket, SiteModel } from '../content/model'
import type { Bus } from '../bus/types'
import { BucketNotFoundError } from './errors'
import type { ProjectionStore } from './projection-store'
import type { RecordIndex } from './record-index'
import type { RunSideEffects } from './side-effects'
import type { RecordView } from './types'

export interface RecordsContext {
  readonly bus: Bus
  readonly site: () => SiteModel
  readonly index: RecordIndex
  readonly projections: ProjectionStore
  readonly now: () => Date
  /** How long a move waits for this instance's index to reach the version the caller saw. */
  readonly waitMs: number
  readonly sideEffects: RunSideEffects
  readonly leftovers?: EraseLeftovers
}

/**
 * What else keeps a record's values, removed at its erasure while they can still be read (its uploaded files,
 * the development outbox): handed in by the app, as the effects are.
 */
export type EraseLeftovers = (bucket: Bucket, before: RecordView) => Promise<void>

export function bucketOf(site: SiteModel, name: string): Bucket {
  const bucket = site.buckets.get(name)
  if (bucket === undefined) throw new BucketNotFoundError(name)
  return bucket
}
