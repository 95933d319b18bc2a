// Buckets and posted bodies for the form tests, built one field at a time so
// each test shows exactly what it checks.
import type { Bucket, Field } from '../../server/content/model'
import { englishMessages } from '../../server/messages/messages'
import type { FormBody, FormValue, UploadedFile } from '../../server/forms/form-body'
import { validateFields, type ValidateOptions, type Validation } from '../../server/forms/validate-fields'

export function field(name: string, type: Field['type'], extra: Partial<Field> = {}): Field {
  return { name, type, label: [`Label ${name}`], required: false, contact: false, ...extra }
}

export function bucketOf(...fields: Field[]): Bucket {
  return {
    name: 'reports',
    title: ['Reports'],
    signIn: 'none',
    fields,
    states: [{ name: 'new', label: ['New'] }],
    moves: [],
    self: [],
  }
}

export function file(filename: string, type: string, content: string): UploadedFile {
  const bytes = new TextEncoder().encode(content)
  return { filename, type, size: bytes.byteLength, bytes }
}

/** What a browser sends for a file input left empty. */
export const emptyFile: UploadedFile = {
  filename: '',
  type: 'application/octet-stream',
  size: 0,
  bytes: new Uint8Array(),
}

export const existing = new Set(['districts/d1', 'districts/north_2-b'])

export const defaults: ValidateOptions = {
  phoneCountry: '+47',
  uploadsEnabled: false,
  recordExists: (bucket, id) => existing.has(`${bucket}/${id}`),
}

/** A validation with each problem as a person reads it, in English. */
export type ReadValidation =
  | Extract<Validation, { ok: true }>
  | (Omit<Extract<Validation, { ok: false }>, 'errors'> & { readonly errors: Record<string, string> })

export async function validate(
  bucket: Bucket,
  body: Record<string, FormValue>,
  options: Partial<ValidateOptions> = {},
): Promise<ReadValidation> {
  const map: FormBody = new Map(Object.entries(body))
  const result = await validateFields(bucket, map, { ...defaults, ...options })
  if (result.ok) return result
  const errors = Object.entries(result.errors).map(([name, said]) => [name, englishMessages.tell(said)])
  return { ...result, errors: Object.fromEntries(errors) as Record<string, string> }
}

/** The stored value of a lone field, or its error. */
export async function one(
  f: Field,
  answer: FormValue | undefined,
  options: Partial<ValidateOptions> = {},
): Promise<{ value?: string; error?: string }> {
  const result = await validate(bucketOf(f), answer === undefined ? {} : { [f.name]: answer }, options)
  return result.ok ? { value: result.values[f.name] } : { error: result.errors[f.name] }
}
