// A posted "write to the submitter" form: the message, Markdown, from 1 to
// NOTE_MAX_CHARS characters once trimmed. Anything else in the form is ignored.
import type { FormBody } from '../forms/form-body'
import { said, type Said } from '../messages/said'
import { NOTE_MAX_CHARS } from '../records/append-note'

/** The text field of the form. */
export const MESSAGE_FIELD = 'message'
/** A message plus the service's fields, in UTF-8 form encoding (up to 9 bytes a character). */
export const WRITE_FORM_LIMIT = NOTE_MAX_CHARS * 9 + 4096

export type WriteForm = { readonly text: string } | { readonly error: Said; readonly kept: string }

export function parseWriteForm(body: FormBody): WriteForm {
  const value = body.get(MESSAGE_FIELD)
  const kept = typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : ''
  const text = kept.trim()
  if (text === '') return { error: said('desk.write.empty'), kept }
  if (text.length > NOTE_MAX_CHARS)
    return { error: said('desk.write.too-long', { max: NOTE_MAX_CHARS, length: text.length }), kept }
  return { text }
}
