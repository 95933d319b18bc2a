// A posted "Erase personal data" form: the reason staff give, required, kept
// on the erasure's event. Anything else in the form is ignored.
import type { FormBody } from '../forms/form-body'
import { said, type Said } from '../messages/said'
import { MAX_NOTE } from '../records/types'

/** The reason's field on the erase page. */
export const REASON_FIELD = 'reason'
/** A reason plus the service's fields, in UTF-8 form encoding (up to 9 bytes a character). */
export const ERASE_FORM_LIMIT = MAX_NOTE * 9 + 4096

export type EraseForm = { readonly reason: string } | { readonly error: Said; readonly kept: string }

export function parseEraseForm(body: FormBody): EraseForm {
  const value = body.get(REASON_FIELD)
  const kept = typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : ''
  const reason = kept.trim()
  if (reason === '') return { error: said('desk.erase.reason-missing'), kept }
  if (reason.length > MAX_NOTE)
    return { error: said('desk.erase.reason-too-long', { max: MAX_NOTE, length: reason.length }), kept }
  return { reason }
}
