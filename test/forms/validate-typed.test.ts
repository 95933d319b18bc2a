import { describe, expect, it } from 'vitest'
import { field, one } from './fixture'

describe('text and textarea', () => {
  it('trims, strips control characters and keeps the text', async () => {
    expect(await one(field('street', 'text'), '  Mill Lane 14\u0000\u0007 ')).toEqual({ value: 'Mill Lane 14' })
    expect(await one(field('details', 'textarea'), 'a\r\nb\tc\u001b[31m\u0085')).toEqual({ value: 'a\nb\tc[31m' })
  })

  it('keeps a text answer on one line', async () => {
    expect(await one(field('street', 'text'), 'Mill\r\n  Lane')).toEqual({ value: 'Mill Lane' })
    expect(await one(field('details', 'textarea'), 'Mill\r\nLane')).toEqual({ value: 'Mill\nLane' })
  })

  it('counts max_length in characters, not bytes', async () => {
    const street = field('street', 'text', { maxLength: 5 })
    expect(await one(street, 'ØÆÅøå')).toEqual({ value: 'ØÆÅøå' })
    expect(await one(street, '🚧🚧🚧🚧🚧')).toEqual({ value: '🚧🚧🚧🚧🚧' })
    expect(await one(street, '日本語です!')).toEqual({ error: 'Use 5 characters or fewer' })
    expect(await one(field('details', 'textarea', { maxLength: 3 }), '  åäö  ')).toEqual({ value: 'åäö' })
  })

  it('applies the documented defaults when max_length is absent', async () => {
    expect(await one(field('street', 'text'), 'x'.repeat(200))).toEqual({ value: 'x'.repeat(200) })
    expect(await one(field('street', 'text'), 'x'.repeat(201))).toEqual({ error: 'Use 200 characters or fewer' })
    expect(await one(field('details', 'textarea'), 'x'.repeat(5001))).toEqual({ error: 'Use 5000 characters or fewer' })
  })
})

describe('required', () => {
  it('counts blank and whitespace-only answers as missing', async () => {
    const street = field('street', 'text', { required: true })
    for (const answer of [undefined, '', '   ', '\n\t', '\u0000']) {
      expect(await one(street, answer)).toEqual({ error: 'Enter an answer' })
    }
  })

  it('asks for a choice, and stores an optional blank as empty', async () => {
    const options = [{ value: 'a', label: ['A'] }]
    expect(await one(field('kind', 'choice', { required: true, options }), '')).toEqual({ error: 'Choose an option' })
    expect(await one(field('kind', 'choice', { options }), '')).toEqual({ value: '' })
    expect(await one(field('seen', 'date'), '  ')).toEqual({ value: '' })
  })
})

describe('email', () => {
  it('accepts an address and lower-cases its domain only', async () => {
    expect(await one(field('email', 'email'), ' Kari.Nordmann+road@Example.ORG ')).toEqual({
      value: 'Kari.Nordmann+road@example.org',
    })
  })

  it.each([
    'kari',
    'kari@',
    '@example.org',
    'kari@example',
    'kari nordmann@example.org',
    'a..b@example.org',
    'a@b@example.org',
    `${'x'.repeat(250)}@example.org`,
  ])('refuses %j without echoing it', async (answer) => {
    const result = await one(field('email', 'email'), answer)
    expect(result).toEqual({ error: 'Enter an email address like name@example.org' })
  })
})

describe('phone', () => {
  it('normalises with PHONE_COUNTRY', async () => {
    expect(await one(field('phone', 'phone'), '912 34 567')).toEqual({ value: '+4791234567' })
    expect(await one(field('phone', 'phone'), '(0046) 70-123 45 67')).toEqual({ value: '+46701234567' })
    expect(await one(field('phone', 'phone'), '0701234567', { phoneCountry: '+46' })).toEqual({ value: '+46701234567' })
  })

  it.each(['12', 'call me', '+0123456789', '9'.repeat(20)])('refuses %j', async (answer) => {
    expect(await one(field('phone', 'phone'), answer)).toEqual({ error: 'Enter a phone number' })
  })
})

describe('number', () => {
  it.each([
    ['12', '12'],
    ['-3.5', '-3.5'],
    ['3,5', '3.5'],
    ['+0,25', '0.25'],
    [',5', '0.5'],
    ['-.5', '-0.5'],
  ])('accepts %j as %j', async (answer, value) => {
    expect(await one(field('depth', 'number'), answer)).toEqual({ value })
  })

  it.each(['ten', '1.2.3', '1,234.5', '1e3', 'Infinity', 'NaN', '0x10', '1 000', '-', '.', '5.', '9'.repeat(31)])(
    'refuses %j',
    async (answer) => {
      expect(await one(field('depth', 'number'), answer)).toEqual({ error: 'Enter a number, like 12 or 3.5' })
    },
  )
})

describe('date', () => {
  it.each(['2026-02-28', '2024-02-29', '2000-02-29', '2026-12-31'])('accepts %s', async (answer) => {
    expect(await one(field('seen', 'date'), answer)).toEqual({ value: answer })
  })

  it.each([
    '2026-02-30',
    '2026-02-29',
    '1900-02-29',
    '2026-13-01',
    '2026-04-31',
    '2026-00-10',
    '0000-01-01',
    '2026-1-5',
    '31.01.2026',
    '2026-01-01T00:00',
  ])('refuses %s', async (answer) => {
    expect(await one(field('seen', 'date'), answer)).toEqual({ error: 'Enter a real date, like 2026-03-31' })
  })
})

describe('choice', () => {
  const kind = field('kind', 'choice', {
    options: [
      { value: 'hole', label: ['Hole'] },
      { value: 'crack', label: ['Crack'] },
    ],
  })

  it('accepts an option value', async () => {
    expect(await one(kind, 'crack')).toEqual({ value: 'crack' })
  })

  it.each(['Crack', 'Hole', 'other', 'hole,crack'])('refuses %j', async (answer) => {
    expect(await one(kind, answer)).toEqual({ error: 'Choose one of the options' })
  })
})

describe('checkbox', () => {
  it('stores yes when ticked and empty when not', async () => {
    expect(await one(field('agree', 'checkbox'), 'yes')).toEqual({ value: 'yes' })
    expect(await one(field('agree', 'checkbox'), undefined)).toEqual({ value: '' })
  })

  it('accepts only yes', async () => {
    for (const answer of ['on', 'true', 'YES', '1']) {
      expect(await one(field('agree', 'checkbox'), answer)).toEqual({ error: 'Tick the box or leave it empty' })
    }
  })

  it('must be ticked when required', async () => {
    expect(await one(field('agree', 'checkbox', { required: true }), undefined)).toEqual({
      error: 'Tick this box to continue',
    })
    expect(await one(field('agree', 'checkbox', { required: true }), 'yes')).toEqual({ value: 'yes' })
  })
})
