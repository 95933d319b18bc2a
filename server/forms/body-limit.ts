// How many bytes a form post may carry: room for the text answers, plus
// each file field's own limit when the form sends files.
import type { Bucket, Field } from '../content/model'

/** Room for every text answer of a form; a url-encoded post never needs more. */
export const FORM_TEXT_LIMIT = 64 * 1024

const MEGABYTE = 1024 * 1024

/** The compiler defaults `max_mb` to this; the model keeps it optional. */
const DEFAULT_MAX_MB = 10

/** The largest upload a `file` field accepts, in bytes. */
export function fileLimit(field: Field): number {
  return Math.floor((field.maxMb ?? DEFAULT_MAX_MB) * MEGABYTE)
}

/** The cap to pass to readFormBody for a post of this bucket's form. */
export function formBodyLimit(bucket: Bucket): number {
  const files = bucket.fields.filter((field) => field.type === 'file')
  return files.reduce((sum, field) => sum + fileLimit(field), FORM_TEXT_LIMIT)
}
