// Objects no record names, removed after a day: what a crash between storing
// an upload and appending its filing left behind, and the files kept for a
// refused form (pending-upload.ts) that was never sent again. A key is `uploads/<bucket>/<record>/…`,
// so whether a record names it is one index lookup. Only an index that has
// caught up is asked, and a bucket the content no longer declares is left
// alone, as is a field it no longer declares as a file field: "not known
// here" is never taken for "named by nobody".
import type { SiteModel } from '../content/model'
import type { RecordIndex } from '../records/record-index'
import type { ObjectStore } from './object-store'
import { referencedKeys } from './referenced-keys'
import { UPLOADS_PREFIX } from './upload-key'

export const SWEEP_AFTER_MS = 24 * 60 * 60 * 1000

export interface SweepOptions {
  readonly store: ObjectStore
  readonly site: SiteModel
  readonly index: RecordIndex
  readonly now: Date
}

export async function sweepUploads({
  store,
  site,
  index,
  now,
}: SweepOptions): Promise<{ removed: number; kept: number }> {
  if (index.status() !== 'current') return { removed: 0, kept: 0 }
  let removed = 0
  let kept = 0
  for await (const { key, lastModified } of store.list(UPLOADS_PREFIX)) {
    const [bucketName = '', id = '', fieldName = ''] = key.slice(UPLOADS_PREFIX.length).split('/')
    const bucket = site.buckets.get(bucketName)
    // A field renamed or retyped by a content change is not "named by nobody": its files stay.
    const declared = bucket?.fields.some((field) => field.name === fieldName && field.type === 'file') ?? false
    if (bucket === undefined || !declared || now.getTime() - lastModified.getTime() < SWEEP_AFTER_MS) {
      kept++
      continue
    }
    const view = index.get(bucket.name, id)
    if (view !== null && referencedKeys(bucket, view).has(key)) {
      kept++
      continue
    }
    await store.delete(key)
    removed++
  }
  return { removed, kept }
}
