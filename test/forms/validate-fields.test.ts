import { describe, expect, it } from 'vitest'
import { bucketOf, emptyFile, field, file, one, validate } from './fixture'

describe('Record 3: a type: record field with of: refers to a record of that bucket', () => {
  const district = field('district', 'record', { of: 'districts' })

  it('accepts the id of an existing record of the of bucket', async () => {
    expect(await one(district, 'd1')).toEqual({ value: 'd1' })
    expect(await one(district, 'north_2-b')).toEqual({ value: 'north_2-b' })
  })

  it('refuses an unknown id, and never asks about one that is not id-shaped', async () => {
    const asked: string[] = []
    const recordExists = (bucket: string, id: string) => (asked.push(`${bucket}/${id}`), Promise.resolve(id === 'd1'))
    for (const answer of ['d2', '../d1', 'd1/x', 'd 1', 'x'.repeat(65), 'ø']) {
      expect(await one(district, answer, { recordExists })).toEqual({ error: 'Choose one of the options' })
    }
    expect(asked).toEqual(['districts/d2'])
  })

  it('asks the of bucket, not another', async () => {
    expect(await one(field('district', 'record', { of: 'streets' }), 'd1')).toEqual({
      error: 'Choose one of the options',
    })
  })

  it('must be chosen when required', async () => {
    expect(await one(field('district', 'record', { of: 'districts', required: true }), '')).toEqual({
      error: 'Choose an option',
    })
  })
})

describe('location', () => {
  const where = field('where', 'location')
  const at = (lat: string, lng: string, required = false) =>
    validate(bucketOf(field('where', 'location', { required })), { 'where.lat': lat, 'where.lng': lng })

  it('stores both inputs as lat,lng with at most 6 decimals', async () => {
    expect(await at('59.9139', '10.7522')).toEqual({ ok: true, values: { where: '59.9139,10.7522' } })
    expect(await at(' 59,91234567 ', '-10,0000004')).toEqual({ ok: true, values: { where: '59.912346,-10' } })
    expect(await at('-90', '180')).toEqual({ ok: true, values: { where: '-90,180' } })
  })

  it('wants both or neither', async () => {
    expect(await at('', '')).toEqual({ ok: true, values: { where: '' } })
    expect(await one(where, undefined)).toEqual({ value: '' })
    for (const [lat, lng] of [
      ['59.9', ''],
      ['', '10.7'],
    ] as const) {
      expect(await at(lat, lng)).toMatchObject({
        ok: false,
        errors: { where: 'Enter both a latitude and a longitude' },
      })
    }
    expect(await at('', '', true)).toMatchObject({ ok: false, errors: { where: 'Enter a latitude and a longitude' } })
  })

  it('keeps latitude within ±90 and longitude within ±180', async () => {
    expect(await at('90.0001', '0')).toMatchObject({ errors: { where: 'Enter a latitude between -90 and 90' } })
    expect(await at('north', '0')).toMatchObject({ errors: { where: 'Enter a latitude between -90 and 90' } })
    expect(await at('0', '-180.5')).toMatchObject({ errors: { where: 'Enter a longitude between -180 and 180' } })
    expect(await at('0', '1e2')).toMatchObject({ errors: { where: 'Enter a longitude between -180 and 180' } })
  })

  it('ignores a single value posted under the field name itself', async () => {
    const result = await validate(bucketOf(where), { where: '59.9,10.7' })
    expect(result).toEqual({ ok: true, values: { where: '' } })
  })
})

describe('file', () => {
  const photo = field('photo', 'file', { accept: ['image/*', '.pdf'], maxMb: 1 })
  const required = field('photo', 'file', { required: true })

  it(
    "Record 2: a file field's key is never taken from a caller; never stores a key or value sent as text under " +
      'its name',
    async () => {
      const result = await validate(bucketOf(field('street', 'text'), photo), {
        street: 'Mill Lane',
        photo: 'uploads/secret-key',
      })
      expect(result).toEqual({ ok: true, values: { street: 'Mill Lane' } })
      expect(await one(photo, 'uploads/secret-key', { uploadsEnabled: true })).toEqual({ value: undefined })
      expect(await one(required, 'uploads/secret-key', { uploadsEnabled: true })).toEqual({ error: 'Choose a file' })
    },
  )

  it('Errors 2: fails closed while uploads are off', async () => {
    const off = 'Uploads are not available on this site right now'
    expect(await one(photo, file('a.png', 'image/png', 'PNG'))).toEqual({ error: off })
    expect(await one(photo, emptyFile)).toEqual({ value: undefined })
    expect(await one(photo, undefined)).toEqual({ value: undefined })
    expect(await one(required, emptyFile)).toEqual({ error: off })
    expect(await one(required, undefined)).toEqual({ error: off })
  })

  it('checks type and size when uploads are on, and still stores no value itself', async () => {
    const on = { uploadsEnabled: true }
    expect(await one(photo, file('a.png', 'image/png', 'PNG'), on)).toEqual({ value: undefined })
    expect(await one(photo, file('A.PDF', 'application/octet-stream', '%PDF'), on)).toEqual({ value: undefined })
    expect(await one(photo, file('a.exe', 'application/x-msdownload', 'MZ'), on)).toEqual({
      error: 'This type of file is not accepted here',
    })
    expect(await one(photo, file('a.png', 'image/png', 'x'.repeat(1024 * 1024 + 1)), on)).toEqual({
      error: 'The chosen file is too large',
    })
    expect(await one(photo, file('a.png', 'image/png', ''), on)).toEqual({ error: 'The chosen file is empty' })
    expect(await one(required, emptyFile, on)).toEqual({ error: 'Choose a file' })
  })

  it('refuses a file part sent for a typed field', async () => {
    const result = await one(field('street', 'text'), file('a.txt', 'text/plain', 'Mill Lane'))
    expect(result).toEqual({ error: 'Type this answer, do not attach a file' })
  })
})

describe('the body as a whole', () => {
  const bucket = bucketOf(
    field('street', 'text', { required: true, maxLength: 5 }),
    field('agree', 'checkbox'),
    field('where', 'location'),
  )

  it('drops unknown keys, svc_ keys and location parts of other fields', async () => {
    const result = await validate(bucket, {
      street: 'Mill',
      svc_csrf: 'token',
      state: 'closed',
      submitter: 'someone',
      'street.lat': '1',
      'where.lat': '1',
      'where.lng': '2',
      'where.alt': '3',
    })
    expect(result).toEqual({ ok: true, values: { street: 'Mill', agree: '', where: '1,2' } })
  })

  it('reports every error at once and echoes what was typed, not unknown keys', async () => {
    const result = await validate(bucket, {
      street: 'Mill Lane\u0000',
      agree: 'on',
      'where.lat': '95',
      'where.lng': '10',
      svc_csrf: 'token',
      extra: 'x',
    })
    expect(result).toEqual({
      ok: false,
      errors: {
        street: 'Use 5 characters or fewer',
        agree: 'Tick the box or leave it empty',
        where: 'Enter a latitude between -90 and 90',
      },
      input: { street: 'Mill Lane', agree: 'on', 'where.lat': '95', 'where.lng': '10' },
    })
  })

  it('never echoes file contents', async () => {
    const result = await validate(bucketOf(field('street', 'text', { required: true }), field('photo', 'file')), {
      photo: file('secret.txt', 'text/plain', 'file contents'),
    })
    expect(result).toEqual({
      ok: false,
      errors: { street: 'Enter an answer', photo: 'Uploads are not available on this site right now' },
      input: {},
    })
  })

  it('never puts raw input into a message', async () => {
    const marker = '<script>alert(1)</script>'
    const everything = bucketOf(
      ...(['text', 'email', 'phone', 'number', 'date', 'checkbox'] as const).map((type) =>
        field(type, type, { maxLength: 3 }),
      ),
      field('choice', 'choice', { options: [{ value: 'a', label: ['A'] }] }),
      field('record', 'record', { of: 'districts' }),
    )
    const body = Object.fromEntries(everything.fields.map((f) => [f.name, marker]))
    const result = await validate(everything, body)
    if (result.ok) throw new Error('expected errors')
    expect(Object.keys(result.errors)).toHaveLength(everything.fields.length)
    for (const message of Object.values(result.errors)) expect(message).not.toMatch(/script|alert/)
  })
})
