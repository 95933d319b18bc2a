// What of a record is personal (issue 29 item 1): the values sealed under
// the record's key when stored, and erased with it. Everything else (state,
// storyline, times, the reference, moves and staff's notes on them) is not.
import type { Field } from '../content/model'
import type { RecordEvent } from './types'

/**
 * Contact fields (e-mail, phone), files, and a field that says `personal: true`. Free text is personal only when
 * its field says so: the content knows, this cannot.
 */
export function isPersonalField(field: Field & { readonly personal?: boolean }): boolean {
  return (
    field.personal === true ||
    field.contact ||
    field.type === 'email' ||
    field.type === 'phone' ||
    field.type === 'file'
  )
}

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
