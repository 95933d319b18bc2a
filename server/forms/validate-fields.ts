// Checks a posted form against its bucket: every field of the bucket, and
// nothing else. Keys the bucket does not name (svc_csrf, strays, injected
// ones) are never read, so they can never be stored. Field names cannot hold
// a dot or start with svc_, so `<location>.lat` and service keys never clash
// with a field.
import { said, type Said } from '../messages/said'
import type { Bucket, Field, FieldType } from '../content/model'
import { isRecordId } from '../names'
import { checkAnswer } from './check-answer'
import { checkFile } from './check-file'
import { checkLocation } from './check-location'
import { fail, ok, type Checked } from './checked'
import { cleanText } from './clean-text'
import type { FormBody } from './form-body'
import type { FileOutcome } from './store-upload'
import { storedFileValue } from '../files/stored-file'

export interface ValidateOptions {
  /** PHONE_COUNTRY, put in front of bare phone numbers. */
  readonly phoneCountry: string
  /** False while the object store is unset: file fields fail closed. */
  readonly uploadsEnabled: boolean
  /** Whether the `of` bucket holds this id; the caller also checks the visitor may read it. */
  readonly recordExists: (bucket: string, id: string) => boolean | Promise<boolean>
  /** What became of each file the post streamed to the store (read-upload-form.ts), by field name. */
  readonly files?: ReadonlyMap<string, FileOutcome>
}

export type Validation =
  | { readonly ok: true; readonly values: Record<string, string> }
  | { readonly ok: false; readonly errors: Record<string, Said>; readonly input: Record<string, string> }

const NOT_A_FILE = said('answer.not-a-file')

function missing(type: FieldType): Said {
  if (type === 'checkbox') return said('answer.tick')
  return type === 'choice' || type === 'record' ? said('answer.choose') : said('answer.enter')
}

/** Reads one text input, keeping it for re-rendering; null for a file part. */
function readText(body: FormBody, key: string, input: Record<string, string>): string | null {
  const value = body.get(key)
  if (typeof value === 'object') return null
  if (value === undefined) return ''
  const text = cleanText(value)
  input[key] = text
  return text.trim()
}

async function checkRecord(field: Field, id: string, options: ValidateOptions): Promise<Checked> {
  const exists = isRecordId(id) && field.of !== undefined && (await options.recordExists(field.of, id))
  return exists ? ok(id) : fail(said('answer.one-of-options'))
}

/** The value to store; undefined for a file field, whose key comes from the upload. */
async function checkField(
  field: Field,
  body: FormBody,
  options: ValidateOptions,
  input: Record<string, string>,
): Promise<Checked | undefined> {
  if (field.type === 'file') {
    if (options.files !== undefined) return storedFileAnswer(field, options.files.get(field.name), options)
    const error = checkFile(field, body.get(field.name), options.uploadsEnabled)
    return error === undefined ? undefined : fail(error)
  }
  if (field.type === 'location') {
    const lat = readText(body, `${field.name}.lat`, input)
    const lng = readText(body, `${field.name}.lng`, input)
    return lat === null || lng === null ? fail(NOT_A_FILE) : checkLocation(field.required, lat, lng)
  }
  const answer = readText(body, field.name, input)
  if (answer === null) return fail(NOT_A_FILE)
  if (answer === '') return field.required ? fail(missing(field.type)) : ok('')
  if (field.type === 'record') return checkRecord(field, answer, options)
  return checkAnswer(field.type, field, answer, options.phoneCountry)
}

function storedFileAnswer(
  field: Field,
  outcome: FileOutcome | undefined,
  options: ValidateOptions,
): Checked | undefined {
  if (outcome === undefined) {
    if (!field.required) return undefined
    return fail(options.uploadsEnabled ? said('answer.choose-file') : said('form.uploads-off'))
  }
  return 'error' in outcome ? fail(outcome.error) : ok(storedFileValue(outcome.stored))
}

export async function validateFields(bucket: Bucket, body: FormBody, options: ValidateOptions): Promise<Validation> {
  const values: Record<string, string> = {}
  const errors: Record<string, Said> = {}
  const input: Record<string, string> = {}
  for (const field of bucket.fields) {
    const checked = await checkField(field, body, options, input)
    if (checked === undefined) continue
    if ('error' in checked) errors[field.name] = checked.error
    else values[field.name] = checked.value
  }
  return Object.keys(errors).length === 0 ? { ok: true, values } : { ok: false, errors, input }
}
