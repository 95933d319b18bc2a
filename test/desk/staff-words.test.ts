// Staff screens in staff words: desks, the People view and staff mail are
// read in the site's first storyline whatever the browser's, each record's
// own storyline shown as a tag, `desk_label:` where the visitor's words do
// not fit (and never shown to visitors); and a person reads one storyline on
// every device once signed in.
import { describe, expect, it } from 'vitest'
import { createCookieFetch, type CookieFetch } from '../auth/cookie-fetch'
import { signIn } from '../auth/sign-in-flow'
import { buildMailIntent } from '../../server/mail/mail-intent'
import { loadDemo } from '../support/demo-site'
import { path, useDeskWorld } from './desk-world'
import { readPage, textOf } from './page'

const world = useDeskWorld()

function browser(storyline: string): CookieFetch {
  const client = createCookieFetch()
  client.setCookie(world.service, 'svc_story', storyline)
  return client
}

const read = async (client: CookieFetch, at: string) => readPage(await (await client(`${world.service}${at}`)).text())

describe('staff screens in staff words', () => {
  it(
    'Storylines 3 and 5: a caseworker whose browser reads the warm storyline works the desk ' +
      "in the site's first, each record tagged with its own",
    async () => {
      const kari = browser('story')
      await signIn(kari, world.service, 'kari')
      const told = await world.seeder.file('potholes', { street: 'Tagged Terrace 1', kind: 'pothole' }, 'story')
      // The submitter withdraws it: the state with a desk_label.
      const asSubmitter = { via: 'self', actor: { kind: 'visitor', session: 'seed' } } as const
      const withdrawn = await world.seeder.records.move({
        ...asSubmitter,
        bucket: told.bucket,
        id: told.id,
        edge: 'withdraw',
        expectSeq: told.seq,
      })
      await expect
        .poll(async () => (await read(kari, '/desk/caseworkers?state=_all')).text('section[data-bucket="potholes"]'))
        .toContain('Tagged Terrace 1')

      const desk = await read(kari, '/desk/caseworkers?state=_all')
      expect(desk.text('main h1')).toBe('Case desk')
      expect(desk.text('section[data-bucket="potholes"] h2')).toBe('Pothole reports')
      const row = desk
        .all('section[data-bucket="potholes"] tbody tr')
        .find((tr) => textOf(tr).includes('Tagged Terrace 1'))!
      // The submitter's withdrawal is a self move Kari has not opened yet: unread (issue 26, journey 4).
      expect(textOf(row.children[0]).trim()).toBe('Tagged Terrace 1 Unread Told in: story')
      // desk_label on the state: staff's words, not "Withdrawn by you".
      expect(textOf(row.children[1])).toBe('Withdrawn by the reporter')

      const record = await read(kari, path(withdrawn.record))
      expect(record.text('.desk-told')).toBe('Told in: story')
      expect(record.text('.desk-state')).toBe('Pothole reports: Withdrawn by the reporter')
      const labels = record.all('.desk-field dt').map(textOf)
      expect(labels).toContain("Reporter's e-mail")
      expect(labels).toContain('Type of damage')
      expect(labels).not.toContain('What does it look like?')
      expect(record.text('main')).not.toContain('Storyline')

      const people = await read(kari, '/desk/caseworkers/people')
      expect(people.text('main h1')).toContain('Case desk')
      expect(people.text('main')).not.toContain('Street reports desk')
    },
  )

  it('desk_label is never shown to visitors: the form and the case page keep their own words', async () => {
    const visitor = browser('story')
    const home = await read(visitor, '/')
    const labels = home.all('form label').map(textOf)
    expect(labels.some((label) => label.startsWith('Your e-mail, so we can tell you how it goes'))).toBe(true)
    expect(home.text('main')).not.toContain("Reporter's")
    expect(home.text('main')).not.toContain('by the reporter')
  })

  it('mail to staff is in the staff storyline; mail to the submitter in theirs', async () => {
    const site = await loadDemo()
    const bucket = site.buckets.get('potholes')!
    const view = {
      id: 'abcdefghijklmnop',
      bucket: 'potholes',
      storyline: 'story',
      state: 'scheduled',
      fields: { street: 'Mill Lane 4', kind: 'pothole', email: 'ann@example.org' },
      submitter: 'session:x',
      filedAt: '2030-01-01T08:00:00.000Z',
      enteredAt: '2030-01-01T09:00:00.000Z',
      filedSeq: 1,
      seq: 3,
    }
    const mailOf = (edge: string) =>
      buildMailIntent({
        site,
        bucket,
        mail: bucket.moves.find((move) => move.name === edge)!.mail!,
        view,
        publicUrl: 'http://x',
        lookup: () => null,
      })!
    const crew = mailOf('schedule')
    expect([crew.audience, crew.storyline]).toEqual(['staff', 'plain'])
    // {{record.kind}}: the option's label in the staff storyline ("Pothole", not "A hole in the road").
    expect(crew.body).toContain('Damage: Pothole')
    const reporter = mailOf('fix')
    expect([reporter.audience, reporter.storyline]).toEqual(['submitter', 'story'])
    expect(reporter.subject).toBe('Good news about Mill Lane 4')
  })
})

describe('one storyline for a person on every device', () => {
  it('Storylines 3: the storyline a person was first given is theirs on every browser they sign in on', async () => {
    const phone = browser('story')
    await signIn(phone, world.service, 'mona')
    expect(phone.cookie(world.service, 'svc_story')).toBe('story')

    // A second browser that was given the other storyline before signing in.
    const laptop = browser('plain')
    expect((await read(laptop, '/')).text('.tagline')).toBe(
      'Report potholes and broken streets in Northvale Municipality.',
    )
    await signIn(laptop, world.service, 'mona')
    expect(laptop.cookie(world.service, 'svc_story')).toBe('story')
    expect((await read(laptop, '/')).text('.tagline')).toBe('Every street in Northvale, looked after together.')

    // Signing out and in again on the phone with its cookie changed meanwhile: still hers.
    phone.setCookie(world.service, 'svc_story', 'plain')
    await signIn(phone, world.service, 'mona')
    expect(phone.cookie(world.service, 'svc_story')).toBe('story')
  })
})
