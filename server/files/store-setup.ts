// Which object store uploads go to, from the settings: S3 when the STORE_*
// settings are all there; in development without them, a folder under
// DATA_DIR/store; in production without them, none, and file fields fail closed
// (SPEC 7 rule 2). Some but not all of them set is a mistake, refused at start.
import { join } from 'node:path'
import { isDevelopment } from '../config/mode'
import type { Config } from '../config/schema'
import { createDiskStore } from './disk-store'
import type { ObjectStore } from './object-store'
import { createS3Store } from './s3-store'

export type StoreSetup = { readonly store: ObjectStore | null } | { readonly refusal: string }

const NAMES = ['STORE_S3_ENDPOINT', 'STORE_ACCESS_KEY', 'STORE_SECRET_KEY', 'STORE_UPLOADS_BUCKET'] as const

export function storeSetup(config: Config): StoreSetup {
  const missing = NAMES.filter((name) => config[name] === undefined)
  if (missing.length === NAMES.length)
    return { store: isDevelopment(config) ? createDiskStore(join(config.DATA_DIR, 'store')) : null }
  if (missing.length > 0)
    return { refusal: `${missing.join(', ')} not set: the object store needs all of ${NAMES.join(', ')}` }
  return {
    store: createS3Store({
      endpoint: config.STORE_S3_ENDPOINT!,
      region: config.STORE_REGION,
      accessKey: config.STORE_ACCESS_KEY!,
      secretKey: config.STORE_SECRET_KEY!,
      bucket: config.STORE_UPLOADS_BUCKET!,
    }),
  }
}
