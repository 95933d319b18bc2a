// The object store on any S3-compatible server (AWS, MinIO, Garage, Ceph):
// path-style addressing, one bucket (STORE_UPLOADS_BUCKET). An upload is
// spooled to a temporary file and put with its length, so no file is held in
// memory however many arrive at once.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { isStoreKey, type ObjectStore } from './object-store'

export interface S3StoreOptions {
  readonly endpoint: string
  readonly region: string
  readonly accessKey: string
  readonly secretKey: string
  readonly bucket: string
}

export function createS3Store(options: S3StoreOptions): ObjectStore {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKey, secretAccessKey: options.secretKey },
    // s3rver and several S3-compatible servers store streamed bodies wrongly with the newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering (rather than refusing) must not hold a filing or a download for ever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    maxAttempts: 2,
  })
  const Bucket = options.bucket
  const checked = (key: string) => {
    if (!isStoreKey(key)) throw new Error('[svc] [files] not a store key')
    return key
  }
  return {
    async put(key, body, contentType) {
      // Spooled to a temporary file first: S3 needs a length (or 5 MB parts held in memory),
      // and a file of unknown length must not cost memory per upload.
      const spool = join(tmpdir(), `svc-upload-${randomBytes(8).toString('hex')}`)
      try {
        await pipeline(body, createWriteStream(spool, { mode: 0o600 }))
        const { size } = await stat(spool)
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: checked(key),
            Body: createReadStream(spool),
            ContentLength: size,
            ContentType: contentType,
          }),
        )
        return size
      } finally {
        await rm(spool, { force: true })
      }
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }))
        if (!(answer.Body instanceof Readable)) return null
        return {
          body: answer.Body,
          size: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? 'application/octet-stream',
        }
      } catch (error) {
        if (
          error instanceof NoSuchKey ||
          (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
        )
          return null
        throw error
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }))
    },
    async *list(prefix) {
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }))
        for (const item of page.Contents ?? [])
          if (item.Key !== undefined) yield { key: item.Key, lastModified: item.LastModified ?? new Date(0) }
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token !== undefined)
    },
  }
}
