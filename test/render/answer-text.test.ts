// Issue 26, smaller things: dates read one way everywhere (the site's
// language, like the desk's times) and phone numbers in national format for
// PHONE_COUNTRY, international otherwise, on the desk, the case page and in mail.
import { describe, expect, it } from 'vitest'
import { answerDayText, phoneText } from '../../server/render/answer-text'
import { renderFieldValue } from '../../server/render/desk/field-value'
import { placeholderValue } from '../../server/mail/mail-values'
import { messagesFor } from '../../server/messages/messages'
import type { RecordView } from '../../server/records/types'
import { createSite, potholes } from './fixture'

const norway = { language: 'en-GB', timeZone: 'Europe/Oslo', phoneCountry: '+47' }
const view = {
  id: 'AbCdEfGhIjKlMnOp',
  bucket: 'potholes',
  storyline: 'plain',
  fields: { seen: '2026-03-02', phone: '+4741234567' },
} as unknown as RecordView
const field = (name: string) => potholes.fields.find((f) => f.name === name)!

describe('dates and phone numbers as people read them', () => {
  it('a date answer is the day in the site’s language, never a day off in a zone west of UTC', () => {
    expect(answerDayText('2026-03-02', norway)).toBe('2 Mar 2026')
    expect(answerDayText('2026-03-02', { ...norway, timeZone: 'Pacific/Honolulu' })).toBe('2 Mar 2026')
    expect(answerDayText('2026-03-02', { ...norway, language: 'nb' })).toBe('2. mars 2026')
    expect(answerDayText('not a day', norway)).toBe('not a day')
  })

  it('a phone number with PHONE_COUNTRY’s calling code is national, any other international', () => {
    expect(phoneText('+4741234567', norway)).toBe('41 23 45 67')
    expect(phoneText('+46701234567', norway)).toBe('+46 70 123 45 67')
    expect(phoneText('+46701234567', { ...norway, phoneCountry: '+46' })).toBe('070-123 45 67')
    expect(phoneText('12345', norway)).toBe('12345')
  })

  it('the desk shows them so, the number still dialled in full', () => {
    const site = createSite({ phoneCountry: '+47' })
    const ctx = { bucket: potholes, view, story: 0, m: messagesFor(site, 0), links: new Map() }
    expect(renderFieldValue(field('seen'), ctx).toString()).toBe('<time datetime="2026-03-02">2 Mar 2026</time>')
    expect(renderFieldValue(field('phone'), ctx).toString()).toBe('<a href="tel:+4741234567">41 23 45 67</a>')
  })

  it('mail says them the same way', () => {
    const site = createSite({ phoneCountry: '+47' })
    const ctx = { site, bucket: potholes, view, link: '', lookup: () => null }
    expect(placeholderValue('record.seen', ctx)).toBe('2 Mar 2026')
    expect(placeholderValue('record.phone', ctx)).toBe('41 23 45 67')
  })
})
