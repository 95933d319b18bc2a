// What of a record is personal (issue 29 item 1): the values sealed under
// the record's key when stored, and erased with it. Everything else (state,
// storyline, times, the reference, moves and staff's notes on them) is not.
// Which fields are personal is content's word (content/personal-data.ts).
import type { Field } from '../content/model'
import { isPersonalField } from '../content/personal-data'
import { isErased, type RecordEvent } from './types'

/**
 * Whether the event's actor is the person the record is about, or whoever answered by mail: the filer, a claim
 * at sign-in, a self move, a reply by mail, an erasure by the submitter. Staff and the clock are not.
 */
export function isPersonalActor(event: Pick<RecordEvent, 'type'> & { via?: string; reason?: string }): boolean {
  return (
    event.type === 'filed' ||
    event.type === 'claimed' ||
    event.via === 'self' ||
    event.via === 'mail' ||
    event.reason === 'self'
  )
}

/** The parts of an actor that name someone. */
export const ACTOR_PARTS = ['subject', 'name', 'session', 'address'] as const

/** Whether a record's answer to `field` was erased: its personal data was, and the value is the marker or gone. */
export function isErasedValue(
  field: Pick<Field, 'name' | 'type' | 'contact' | 'personal'>,
  record: { readonly erasedAt?: string; readonly fields: Readonly<Record<string, string | undefined>> },
): boolean {
  const value = record.fields[field.name] ?? ''
  return record.erasedAt !== undefined && isPersonalField(field) && (value === '' || isErased(value))
}
