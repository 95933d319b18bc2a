// Posting a filing form with files, as a browser does (multipart), and
// reading what the object store holds, for the upload tests.
import sharp from 'sharp'
import { S3Client, ListObjectsV2Command } from '@aws-sdk/client-s3'
import type { CookieFetch } from '../auth/cookie-fetch'
import { bucketForm, openPage, type PostedForm } from '../visitor/visitor-client'
import { afterAll, beforeAll } from 'vitest'
import { startDevSite, type DevSite } from '../security/dev-site'
import { startS3Server, type TestS3 } from '../support/s3-server'

export interface FilePart {
  readonly name: string
  readonly bytes: Uint8Array
  readonly filename: string
  readonly type?: string
}

/** Opens the page, fills in the bucket's form with `fields` and `files`, and posts it as multipart. */
export async function fileWithFiles(
  client: CookieFetch,
  base: string,
  fields: Record<string, string>,
  files: readonly FilePart[],
  path = '/',
  bucket = 'potholes',
): Promise<Response> {
  const { html } = await openPage(client, `${base}${path}`)
  return postFiles(client, bucketForm(html, base, bucket), fields, files)
}

/** Posts a form already read from its page, as multipart: twice with the same form is a double submit. */
export function postFiles(
  client: CookieFetch,
  form: PostedForm,
  fields: Record<string, string>,
  files: readonly FilePart[],
): Promise<Response> {
  const body = new FormData()
  for (const [name, value] of Object.entries({ ...form.hidden, ...form.selected, ...fields })) body.append(name, value)
  for (const file of files)
    body.append(
      file.name,
      new Blob([Buffer.from(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.filename,
    )
  return client(form.action, { method: 'POST', body })
}

/** A real JPEG of `width` × `height` pixels. */
export function jpeg(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7a5230' } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

/** Every key the test's S3 server holds. */
export async function storedKeys(s3: TestS3): Promise<string[]> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))
  client.destroy()
  return (listed.Contents ?? []).flatMap((item) => (item.Key === undefined ? [] : [item.Key])).sort()
}

/** Call at the top of a test file: s3rver on a random port and the development site storing uploads on it. */
export function useStoreSite(env: Record<string, string> = {}): { s3: () => TestS3; site: () => DevSite } {
  let s3: TestS3
  let site: DevSite
  beforeAll(async () => {
    s3 = await startS3Server()
    site = await startDevSite({}, { ...s3.env, ...env })
  })
  afterAll(async () => {
    await site?.stop()
    await s3?.stop()
  })
  return { s3: () => s3, site: () => site }
}
