// A real S3-compatible server for tests: s3rver on a loopback port it picks,
// keeping its objects in a folder of its own, with the uploads bucket made.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

export interface TestS3 {
  readonly endpoint: string
  readonly bucket: string
  /** The STORE_* settings the service reads. */
  readonly env: Readonly<Record<string, string>>
  stop(): Promise<void>
}

export const S3_BUCKET = 'uploads'

export async function startS3Server(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'svc-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET, configs: [] }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket: S3_BUCKET,
    env: {
      STORE_S3_ENDPOINT: endpoint,
      STORE_ACCESS_KEY: 'S3RVER',
      STORE_SECRET_KEY: 'S3RVER',
      STORE_UPLOADS_BUCKET: S3_BUCKET,
    },
    async stop() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
