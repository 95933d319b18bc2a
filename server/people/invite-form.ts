// A posted invite form: a name, an address or a phone number, and one of the
// groups the person may invite into. Each refusal is told beside its field,
// with what was typed kept.
import type { FormBody } from '../forms/form-body'
import { normalizePhone } from '../content/phone'
import { addressKey } from '../address-match'
import type { InviteContact } from './invite-person'

export const INVITE_FIELDS = { name: 'name', contact: 'contact', group: 'group' } as const
export const INVITE_NAME_MAX = 120
const CONTACT_MAX = 254

export interface InviteFormInput {
  readonly name: string
  readonly contact: string
  readonly group: string
}

export type InviteFormErrors = Partial<Record<keyof InviteFormInput, string>>

export type InviteForm =
  | { readonly ok: true; readonly name: string; readonly contact: InviteContact; readonly group: string }
  | { readonly ok: false; readonly kept: InviteFormInput; readonly errors: InviteFormErrors }

const text = (body: FormBody, name: string): string => {
  const value = body.get(name)
  return typeof value === 'string' ? value : ''
}

export function parseInviteForm(body: FormBody, groups: readonly string[], phoneCountry: string): InviteForm {
  const kept = {
    name: text(body, INVITE_FIELDS.name).slice(0, INVITE_NAME_MAX * 2),
    contact: text(body, INVITE_FIELDS.contact).slice(0, CONTACT_MAX * 2),
    group: text(body, INVITE_FIELDS.group),
  }
  const errors: InviteFormErrors = {}
  const name = kept.name.replace(/\s+/g, ' ').trim()
  if (name === '') errors.name = 'Write the name of the person you invite.'
  else if (name.length > INVITE_NAME_MAX) errors.name = `The name is too long: at most ${INVITE_NAME_MAX} characters.`
  const contact = readContact(kept.contact.trim(), phoneCountry)
  if (typeof contact === 'string') errors.contact = contact
  if (!groups.includes(kept.group)) errors.group = 'Choose one of the groups this desk invites into.'
  if (Object.keys(errors).length > 0 || typeof contact === 'string') return { ok: false, kept, errors }
  return { ok: true, name, contact, group: kept.group }
}

/** An address (anything with an @) or a phone number in E.164; a string says what is wrong. */
export function readContact(value: string, phoneCountry: string): InviteContact | string {
  if (value === '') return 'Write an e-mail address or a phone number.'
  if (value.length > CONTACT_MAX) return 'That is too long for an address or a phone number.'
  if (value.includes('@')) {
    return /^[^\s@<>,;"()[\]\\]+@[^\s@<>,;"()[\]\\]+\.[^\s@<>,;"()[\]\\]+$/.test(value)
      ? { email: addressKey(value) }
      : 'That is not an e-mail address (like name@example.org).'
  }
  const phone = normalizePhone(value, phoneCountry)
  return phone === null
    ? `That is not a phone number. A number without a country code gets ${phoneCountry}.`
    : { phone }
}
