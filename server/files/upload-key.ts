// Object keys are the service's own: made from the bucket, the record, the
// field and a random part, never from anything a caller sends.
import { randomBytes } from 'node:crypto'

/** Everything stored for uploads lives under this prefix (the sweep's reach). */
export const UPLOADS_PREFIX = 'uploads/'

export function recordUploadPrefix(bucket: string, recordId: string): string {
  return `${UPLOADS_PREFIX}${bucket}/${recordId}`
}

export function uploadKey(recordPrefix: string, field: string): string {
  return `${recordPrefix}/${field}/${randomBytes(12).toString('hex')}`
}

export function previewKey(key: string): string {
  return `${key}.preview.webp`
}
