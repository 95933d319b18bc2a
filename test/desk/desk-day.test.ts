// Desk work that fits a day of it: a desk opens on the open cases newest
// first, sorts by its column headings (kept in the URL), a move takes a note
// (refused when a required one is empty) and a move that asks to be
// confirmed has a confirmation step that works without scripts.
import { beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import type { RecordView } from '../../server/records/types'
import { attr, textOf } from './page'
import { moveForms, path, useDeskWorld, type Fetched } from './desk-world'

const world = useDeskWorld()
const names = (fetched: Fetched) =>
  fetched.page.all('section[data-bucket="potholes"] tbody tr td:first-child a').map(textOf)
const form = (fetched: Fetched, selector: string) => {
  const found = fetched.page.one(selector)
  const fields = Object.fromEntries(
    fetched.page
      .all(`${selector} input`)
      .filter((input) => attr(input, 'name') !== '')
      .map((input) => [attr(input, 'name'), attr(input, 'value')]),
  )
  return { action: attr(found, 'action'), method: attr(found, 'method'), fields }
}

const seeded: Record<string, RecordView> = {}

beforeAll(async () => {
  // The seeder's clock moves a minute per event: filed A, B, C, D in that order; B accepted before C was
  // filed, C passed on (closed), and A accepted last of all.
  const { seeder } = world
  const file = (street: string) => seeder.file('potholes', { street, kind: 'pothole' })
  seeded.a = await file('Alder Street 1')
  seeded.b = await seeder.move(await file('Beech Street 2'), 'accept')
  seeded.c = await seeder.move(await file('Cedar Street 3'), 'reject')
  seeded.d = await file('Dogwood Street 4')
  seeded.a = await seeder.move(seeded.a, 'accept')
  const kari = await world.as('kari')
  await waitFor(
    async () => names(await world.get(kari, '/desk/caseworkers?state=_all&bucket=potholes')).length === 4,
    10_000,
    'the service to list the seeded records',
  )
})

describe('a desk opens on the open cases', () => {
  it(
    'States and transitions (states defined by the content): a desk leaves out closed: ' +
      'true states and shows the newest filing first',
    async () => {
      const desk = await world.get(await world.as('kari'), '/desk/caseworkers')
      expect(names(desk)).toEqual(['Dogwood Street 4', 'Beech Street 2', 'Alder Street 1'])
      expect(desk.page.text('section[data-bucket="potholes"] caption')).toBe('Pothole reports, newest first')
      const options = desk.page.all('section[data-bucket="potholes"] select[name="state"] option')
      expect(options.map((o) => [attr(o, 'value'), textOf(o)]).slice(0, 2)).toEqual([
        ['', 'Open cases'],
        ['_all', 'All states'],
      ])
      expect(options.map(textOf)).toContain('Not ours to fix (closed)')
      const all = await world.get(await world.as('kari'), '/desk/caseworkers?bucket=potholes&state=_all')
      expect(names(all)).toEqual(['Dogwood Street 4', 'Cedar Street 3', 'Beech Street 2', 'Alder Street 1'])
    },
  )

  it('sorts by last moved and by state from the column headings, the order kept in the URL', async () => {
    const kari = await world.as('kari')
    const desk = await world.get(kari, '/desk/caseworkers')
    const heading = (fetched: Fetched, label: string) =>
      fetched.page.all('section[data-bucket="potholes"] thead th a').find((a) => textOf(a) === label)!
    expect(attr(heading(desk, 'Last moved'), 'href')).toBe('/desk/caseworkers?bucket=potholes&sort=moved')
    const moved = await world.get(kari, attr(heading(desk, 'Last moved'), 'href'))
    // A was moved last, D only filed (its filing is its last move), B moved before D was filed.
    expect(names(moved)).toEqual(['Alder Street 1', 'Dogwood Street 4', 'Beech Street 2'])
    expect(moved.page.text('section[data-bucket="potholes"] caption')).toBe('Pothole reports, last moved first')
    // The filter form and the state filter keep the order.
    expect(form(moved, 'section[data-bucket="potholes"] form.desk-filter').fields).toMatchObject({ sort: 'moved' })
    const movedAll = await world.get(kari, '/desk/caseworkers?bucket=potholes&sort=moved&state=_all')
    expect(names(movedAll)).toEqual(['Alder Street 1', 'Dogwood Street 4', 'Cedar Street 3', 'Beech Street 2'])
    expect(attr(heading(movedAll, 'State'), 'href')).toBe('/desk/caseworkers?bucket=potholes&state=_all&sort=state')
    const byState = await world.get(kari, attr(heading(movedAll, 'State'), 'href'))
    // In the bucket's order of states (new, accepted, …, rejected), newest first within one.
    expect(names(byState)).toEqual(['Dogwood Street 4', 'Beech Street 2', 'Alder Street 1', 'Cedar Street 3'])
    // Filed turns round on a second press.
    const oldest = await world.get(kari, attr(heading(desk, 'Filed'), 'href'))
    expect(names(oldest)).toEqual(['Alder Street 1', 'Beech Street 2', 'Dogwood Street 4'])
    expect(attr(heading(oldest, 'Filed'), 'href')).toBe('/desk/caseworkers?bucket=potholes')
  })
})

describe('a move with a note, and one that asks to be confirmed', () => {
  it(
    'Events 2: a move that needs a note is refused without one, the error beside the ' +
      'field; made with one, its event keeps the note',
    async () => {
      const kari = await world.as('kari')
      const page = await world.get(kari, path(seeded.c!))
      const reopen = moveForms(page).find((m) => m.fields.edge === 'reopen')!
      expect(page.page.text('form.desk-move-noted label')).toBe('Note for Reopen')
      const refused = await world.post(kari, reopen.action, { ...reopen.fields, note: '   ' })
      // Back on the record page (no page of its own), the error inside the move's own form, beside its field.
      expect(refused.status).toBe(422)
      expect(refused.page.text('main h1')).toBe('Cedar Street 3')
      expect(refused.page.text('.error-summary')).toContain('Write a note: this move needs one.')
      expect(attr(refused.page.one('.error-summary a'), 'href')).toBe('#note-reopen')
      expect(refused.page.text('form.desk-move-noted .field-invalid .field-error-message')).toBe(
        'Write a note: this move needs one.',
      )
      expect(attr(refused.page.one('form.desk-move-noted textarea[name="note"]'), 'aria-invalid')).toBe('true')
      expect((await world.seeder.records.get('potholes', seeded.c!.id))?.state).toBe('rejected')

      const again = moveForms(refused).find((m) => m.fields.edge === 'reopen')!
      const moved = await world.post(kari, again.action, {
        ...again.fields,
        note: 'The owner says it is ours after all.',
      })
      expect(moved.status).toBe(303)
      const after = await world.get(kari, path(seeded.c!))
      expect(after.page.text('.desk-history-entry:last-child .desk-history-note')).toBe(
        'Note: The owner says it is ours after all.',
      )
      expect((await world.seeder.records.history('potholes', seeded.c!.id)).at(-1)?.note).toBe(
        'The owner says it is ours after all.',
      )
    },
  )

  it('asks to confirm a closing move on a page of its own, a plain form, before making it', async () => {
    const kari = await world.as('kari')
    const fixed = await world.seeder.move(
      await world.seeder.move(
        await world.seeder.file('potholes', {
          street: 'Elm Street 5',
          kind: 'crack',
        }),
        'accept',
      ),
      'fix',
    )
    let record!: Fetched
    const closable = async () => {
      record = await world.get(kari, path(fixed))
      return record.page.all('form.desk-move-ask').length > 0
    }
    await waitFor(closable, 10_000, 'the fixed record on the desk')
    // Moves into a closed state look different; the one that asks first is a GET form to its own page.
    const ask = form(record, 'form.desk-move-ask')
    expect([ask.method, ask.fields.edge]).toEqual(['get', 'close'])
    expect(attr(record.page.one('form.desk-move-ask button'), 'class')).toBe('button button-closing')
    const query = new URLSearchParams(ask.fields).toString()
    const confirm = await world.get(kari, `${ask.action}?${query}`)
    expect(confirm.status).toBe(200)
    expect(confirm.page.text('main h1')).toBe('Close: Elm Street 5')
    expect(confirm.page.text('main .desk-state')).toBe('This moves the case from Repaired to Closed.')
    expect(confirm.page.all('main .desk-move-actions a').map((a) => [textOf(a), attr(a, 'href')])).toEqual([
      ['Cancel', path(fixed)],
    ])
    expect((await world.seeder.records.get('potholes', fixed.id))?.state).toBe('fixed')

    // A post of the move without the second press shows the question again and moves nothing.
    const post = form(confirm, 'form.desk-move-confirm')
    const { confirmed: _confirmed, ...unconfirmed } = post.fields
    const asked = await world.post(kari, post.action, unconfirmed)
    expect([asked.status, asked.page.text('main h1')]).toEqual([200, 'Close: Elm Street 5'])
    expect((await world.seeder.records.get('potholes', fixed.id))?.state).toBe('fixed')

    const done = await world.post(kari, post.action, post.fields)
    expect([done.status, done.headers.get('location')]).toEqual([303, `${path(fixed)}?moved=close`])
    expect((await world.seeder.records.get('potholes', fixed.id))?.state).toBe('closed')
  })
})
