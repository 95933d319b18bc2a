// A posted invite form: a name, an address or a phone number, and one of the
// groups the person may invite into. Each refusal is told beside its field,
// with what was typed kept.
import type { FormBody } from '../forms/form-body'
import { normalizePhone } from '../content/phone'
import { addressKey } from '../address-match'
import { said, type Said } from '../messages/said'
import type { InviteContact } from './invite-person'

export const INVITE_FIELDS = { name: 'name', contact: 'contact', group: 'group' } as const
export const INVITE_NAME_MAX = 120
const CONTACT_MAX = 254

export interface InviteFormInput {
  readonly name: string
  readonly contact: string
  readonly group: string
}

export type InviteFormErrors = Partial<Record<keyof InviteFormInput, Said>>

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
  if (name === '') errors.name = said('people.invalid.name')
  else if (name.length > INVITE_NAME_MAX) errors.name = said('people.invalid.name-long', { max: INVITE_NAME_MAX })
  const contact = readContact(kept.contact.trim(), phoneCountry)
  if ('id' in contact) errors.contact = contact
  if (!groups.includes(kept.group)) errors.group = said('people.invalid.group')
  if (Object.keys(errors).length > 0 || 'id' in contact) return { ok: false, kept, errors }
  return { ok: true, name, contact, group: kept.group }
}

/** An address (anything with an @) or a phone number in E.164, or what is wrong with it. */
export function readContact(value: string, phoneCountry: string): InviteContact | Said {
  if (value === '') return said('people.invalid.contact')
  if (value.length > CONTACT_MAX) return said('people.invalid.contact-long')
  if (value.includes('@')) {
    return /^[^\s@<>,;"()[\]\\]+@[^\s@<>,;"()[\]\\]+\.[^\s@<>,;"()[\]\\]+$/.test(value)
      ? { email: addressKey(value) }
      : said('people.invalid.email')
  }
  const phone = normalizePhone(value, phoneCountry)
  return phone === null ? said('people.invalid.phone', { country: phoneCountry }) : { phone }
}
