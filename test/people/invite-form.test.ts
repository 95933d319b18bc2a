// A desk's invite form (SPEC 2, Membership rule 1: a membership is created by
// an invite from a desk; section 5 rule 3: a bare phone number gets
// PHONE_COUNTRY): what it accepts, and each refusal told beside its field
// with what was typed kept.
import { describe, expect, it } from 'vitest'
import type { FormBody, FormValue } from '../../server/forms/form-body'
import { englishMessages } from '../../server/messages/messages'
import { INVITE_NAME_MAX, parseInviteForm, readContact } from '../../server/people/invite-form'

const OFFERED = ['caseworkers', 'volunteers']
const form = (fields: Record<string, FormValue>): FormBody => new Map(Object.entries(fields))
const parse = (fields: Record<string, FormValue>) => parseInviteForm(form(fields), OFFERED, '+47')
const refused = (fields: Record<string, FormValue>) => {
  const parsed = parse(fields)
  if (parsed.ok) throw new Error(`accepted: ${JSON.stringify(parsed)}`)
  // What the person reads, in English.
  const errors = Object.fromEntries(
    Object.entries(parsed.errors).map(([name, said]) => [name, englishMessages.tell(said)]),
  )
  return { ...parsed, errors: errors as Partial<Record<'name' | 'contact' | 'group', string>> }
}
const GOOD = { name: 'Nora Nobody', contact: 'nora@example.org', group: 'volunteers' }

describe('the invite form', () => {
  it('Membership rule 5: an address is one key however it is typed; the name is tidied', () => {
    expect(parse({ name: '  Nora \t  Nobody ', contact: ' NORA@Example.org ', group: 'volunteers' })).toEqual({
      ok: true,
      name: 'Nora Nobody',
      contact: { email: 'nora@example.org' },
      group: 'volunteers',
    })
  })

  it('Authentication 3: a bare phone number gets PHONE_COUNTRY; one with a calling code keeps it', () => {
    expect(readContact('912 34 567', '+47')).toEqual({ phone: '+4791234567' })
    expect(readContact('912-34-567', '+47')).toEqual({ phone: '+4791234567' })
    expect(readContact('0047 912 34 567', '+47')).toEqual({ phone: '+4791234567' })
    expect(readContact('+46 70 123 45 67', '+47')).toEqual({ phone: '+46701234567' })
    expect(readContact('70 123 45 67', '+46')).toEqual({ phone: '+46701234567' })
    const parsed = parse({ ...GOOD, contact: '912 34 567' })
    expect(parsed.ok && parsed.contact).toEqual({ phone: '+4791234567' })
  })

  it('Membership rule 1: an empty name is refused, with what was typed kept', () => {
    const { errors, kept } = refused({ ...GOOD, name: '   ' })
    expect(errors).toEqual({ name: 'Write the name of the person you invite.' })
    expect(kept).toEqual({ ...GOOD, name: '   ' })
    expect(refused({ ...GOOD, name: 'x'.repeat(INVITE_NAME_MAX + 1) }).errors.name).toMatch(/too long/)
    expect(parse({ ...GOOD, name: 'x'.repeat(INVITE_NAME_MAX) }).ok).toBe(true)
  })

  it('Membership rule 1: an address that is not one is refused', () => {
    for (const contact of [
      'nora@',
      '@example.org',
      'nora@example',
      'nora nobody@example.org',
      'a@b@c.org',
      '<a@b.org>',
    ])
      expect(refused({ ...GOOD, contact }).errors, contact).toEqual({
        contact: 'That is not an e-mail address (like name@example.org).',
      })
    expect(refused({ ...GOOD, contact: ' ' }).errors.contact).toBe('Write an e-mail address or a phone number.')
    expect(refused({ ...GOOD, contact: `${'a'.repeat(250)}@example.org` }).errors.contact).toMatch(/too long/)
  })

  it('Authentication 3: a phone number that cannot be one is refused, one digit short included', () => {
    for (const contact of ['12', 'abc', '912 34 56', '+47 912 34 567 8', '91234567x', '+'])
      expect(refused({ ...GOOD, contact }).errors.contact, contact).toBe(
        'That is not a phone number. A number without a country code gets +47.',
      )
  })

  it('Membership rule 1: only a group this desk invites into is accepted', () => {
    for (const group of ['road_crew', '', 'Volunteers'])
      expect(refused({ ...GOOD, group }).errors, group).toEqual({
        group: 'Choose one of the groups this desk invites into.',
      })
    expect(refused({ name: GOOD.name, contact: GOOD.contact }).errors.group).toBeDefined()
  })

  it('tells every refusal at once, keeps the input as typed, and reads an uploaded file as nothing typed', () => {
    const file = { filename: 'x.txt', type: 'text/plain', size: 1, bytes: new Uint8Array([120]) }
    const { errors, kept } = refused({ name: file, contact: '12', group: 'road_crew' })
    expect(Object.keys(errors).sort()).toEqual(['contact', 'group', 'name'])
    expect(kept).toEqual({ name: '', contact: '12', group: 'road_crew' })
    expect(refused({ ...GOOD, name: ' <b>Nora</b> ', contact: 'nope' }).kept).toEqual({
      ...GOOD,
      name: ' <b>Nora</b> ',
      contact: 'nope',
    })
  })
})
