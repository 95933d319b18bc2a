// A file field's part of a post. Its stored value is an object key the server
// makes when it keeps the upload, so nothing the caller sends under the
// field's name (a text value included) is ever taken as that value.
import { said, type Said } from '../messages/said'
import type { Field } from '../content/model'
import { fileLimit } from './body-limit'
import { isUploadedFile, type FormValue, type UploadedFile } from './form-body'

/** Said whenever a file field is used while uploads fail closed. */
const UPLOADS_OFF = said('form.uploads-off')

// Browsers send an empty file input as a nameless, empty part.
function chosenFile(value: FormValue | undefined): UploadedFile | undefined {
  return isUploadedFile(value) && (value.filename !== '' || value.size > 0) ? value : undefined
}

// The type and name are the browser's claims; this spares the visitor an
// upload the field would refuse, it does not prove what the bytes are.
function accepts(accept: readonly string[] | undefined, file: UploadedFile): boolean {
  if (accept === undefined || accept.length === 0) return true
  const type = file.type.toLowerCase()
  const name = file.filename.toLowerCase()
  return accept.some((entry) => {
    const wanted = entry.toLowerCase()
    if (wanted.startsWith('.')) return name.endsWith(wanted)
    if (wanted.endsWith('/*')) return type.startsWith(wanted.slice(0, -1))
    return type === wanted
  })
}

/** A message for the visitor, or undefined when the field is fine. */
export function checkFile(field: Field, value: FormValue | undefined, uploadsEnabled: boolean): Said | undefined {
  const file = chosenFile(value)
  if (file === undefined) {
    if (!field.required) return undefined
    return uploadsEnabled ? said('answer.choose-file') : UPLOADS_OFF
  }
  if (!uploadsEnabled) return UPLOADS_OFF
  if (file.size === 0) return said('answer.file-empty')
  if (file.size > fileLimit(field)) return said('answer.file-too-large')
  if (!accepts(field.accept, file)) return said('answer.file-type')
  return undefined
}
