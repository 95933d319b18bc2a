// The object store adapters against the one contract: a folder on disk, and
// S3 against s3rver on a random loopback port.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { createDiskStore } from '../../server/files/disk-store'
import { createS3Store } from '../../server/files/s3-store'
import { startS3Server, type TestS3 } from '../support/s3-server'
import { runStoreContract } from './store-contract'

const dir = mkdtempSync(join(tmpdir(), 'svc-disk-store-'))
let s3: TestS3
beforeAll(async () => {
  s3 = await startS3Server()
})
afterAll(async () => {
  await s3?.stop()
  rmSync(dir, { recursive: true, force: true })
})

runStoreContract('disk', () => createDiskStore(dir))
runStoreContract('s3', () =>
  createS3Store({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    bucket: s3.bucket,
  }),
)
