// What of a case is personal data: what erasure removes and the privacy
// notice names (docs/content.md, docs/privacy.md). The submitter's identity,
// replies by mail and messages to the submitter are personal too; those are
// not fields, so the records layer handles them.
import type { Field } from './model'

/** Free text: whatever a person types there may name them, so content says either way. */
export const FREE_TEXT_TYPES: readonly Field['type'][] = ['text', 'textarea']

/**
 * Whether a field's answers are personal: a contact field always (it is how the service reaches the person), an
 * e-mail, phone or file field unless content says `personal: false`, any other only with `personal: true`.
 */
export function isPersonalField(field: Pick<Field, 'type' | 'contact' | 'personal'>): boolean {
  if (field.contact) return true
  return field.personal ?? ['email', 'phone', 'file'].includes(field.type)
}

/** A bucket's personal fields: what an erasure of one of its cases takes. */
export function personalFields<F extends Pick<Field, 'type' | 'contact' | 'personal'>>(fields: readonly F[]): F[] {
  return fields.filter(isPersonalField)
}
