// Which records a listing shows: every filter given must hold.
import { sameAddress } from '../address-match'
import type { RecordView } from './types'

export interface ListFilter {
  /** Only records in one of these states. */
  readonly states?: readonly string[]
  /** Case-insensitive substring of any field value. */
  readonly text?: string
  /** Only records this submitter filed (a subject, or `session:<id>`), or any of these submitters. */
  readonly submitter?: string | readonly string[]
  /** With `submitter`: records whose contact field `field` holds this (provider-verified) address are theirs too. */
  readonly contact?: { readonly field: string; readonly address: string }
  /** With `submitter`: records whose contact phone field `field` holds this (provider-verified, E.164) number too. */
  readonly contactPhone?: { readonly field: string; readonly phone: string }
  /** Only records whose `field` holds `equals`, e.g. the id of the record a page shows. */
  readonly where?: { readonly field: string; readonly equals: string }
  /**
   * Only records with a reply by mail or a self move after the sequence this map gives for their id (0 when it
   * gives none): one reader's unread cases. Read from the index's own columns (list-order.ts), not from a view.
   */
  readonly unreadAfter?: ReadonlyMap<string, number>
}

export function createListFilter(filter: ListFilter): (view: RecordView) => boolean {
  const states = filter.states === undefined ? undefined : new Set(filter.states)
  const text = filter.text?.trim().toLowerCase() || undefined
  const { where } = filter
  const submitters = filter.submitter === undefined ? undefined : new Set([filter.submitter].flat())
  const { contact, contactPhone } = filter
  const byContact = (view: RecordView) =>
    (contact !== undefined && sameAddress(view.fields[contact.field] ?? '', contact.address)) ||
    (contactPhone !== undefined && view.fields[contactPhone.field] === contactPhone.phone)
  return (view) =>
    (states === undefined || states.has(view.state)) &&
    (submitters === undefined || submitters.has(view.submitter) || byContact(view)) &&
    (where === undefined || view.fields[where.field] === where.equals) &&
    (text === undefined || Object.values(view.fields).some((value) => value.toLowerCase().includes(text)))
}
