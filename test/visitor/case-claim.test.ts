// The submitter's case: a short reference from the moment it is filed, the
// case page's timeline through two moves, the case found on the desk by its
// reference, and a case filed before signing in that stays the person's on
// every device after (NATS, a second instance's records layer on the bus).
import { describe, expect, it } from 'vitest'
import { signIn } from '../auth/sign-in-flow'
import { moveForms, useDeskWorld } from '../desk/desk-world'
import { readPage, textOf } from '../desk/page'
import {
  bucketForm,
  createCookieFetch,
  fileThrough,
  filedId,
  openPage,
  postForm,
  type CookieFetch,
} from './visitor-client'

const world = useDeskWorld()
const REFERENCE = /^[2-9A-HJKMNP-TV-Z]{3}-[2-9A-HJKMNP-TV-Z]{3}$/

function browser(): CookieFetch {
  const client = createCookieFetch()
  client.setCookie(world.service, 'svc_story', 'plain')
  return client
}

async function fileCase(client: CookieFetch, street: string): Promise<{ id: string; reference: string }> {
  const filed = await fileThrough(client, world.service, '/', 'potholes', { street, kind: 'pothole' })
  const id = filedId(filed)
  const thanks = readPage(await (await client(`${world.service}${filed.headers.get('location')}`)).text())
  const reference = thanks.text('.thanks-reference strong')
  return { id, reference }
}

const reports = async (client: CookieFetch) => {
  const page = readPage(await (await client(`${world.service}/my-reports`)).text())
  return page.all('li.record-item').map((item) => textOf(item))
}

describe("the submitter's case page", () => {
  it(
    'What the service does 3: the submitter follows their case by the reference given at ' +
      'filing, where it stands and a timeline of two moves',
    async () => {
      const visitor = browser()
      const { id, reference } = await fileCase(visitor, 'Timeline Terrace 1')
      expect(reference).toMatch(REFERENCE)
      const filed = (await world.seeder.records.get('potholes', id))!
      await world.seeder.move(await world.seeder.move(filed, 'accept'), 'schedule')

      const page = readPage(await (await visitor(`${world.service}/my/potholes/${id}`)).text())
      expect(page.text('.case-facts .case-reference')).toBe(reference)
      expect(page.text('.case-facts strong')).toBe('Repair scheduled')
      // Newest first.
      expect(page.all('.timeline-entry p').map(textOf)).toEqual([
        'Now: Repair scheduled',
        'Now: Accepted',
        'Filed: Received',
      ])
      // "Your reports" lists it with its reference, state and date.
      const [item] = (await reports(visitor)).filter((text) => text.includes('Timeline Terrace 1'))
      expect(item).toMatch(
        new RegExp(`Repair scheduled · Filed [A-Z][a-z]{2} \\d{1,2}, \\d{4} · Reference ${reference}`),
      )
    },
  )

  it('is found on the desk by its reference, however it is typed, in any state', async () => {
    const visitor = browser()
    const { id, reference } = await fileCase(visitor, 'Reference Row 2')
    await world.seeder.move((await world.seeder.records.get('potholes', id))!, 'reject')
    const kari = await world.as('kari')
    for (const typed of [reference, reference.toLowerCase().replace('-', ' ')]) {
      const desk = await world.get(kari, `/desk/caseworkers?bucket=potholes&q=${encodeURIComponent(typed)}`)
      const names = desk.page.all('section[data-bucket="potholes"] tbody tr td:first-child a').map(textOf)
      expect(names).toEqual(['Reference Row 2'])
    }
    const record = await world.get(kari, `/desk/caseworkers/potholes/${id}`)
    expect(record.page.text('.desk-fields')).toContain(`Reference${reference}`)
    expect(moveForms(record).map((m) => m.fields.edge)).toEqual(['reopen'])
  })
})

describe('a case filed before signing in', () => {
  it('What the service does 3: the submitter is the person who signed in after filing, on every device after', async () => {
    const phone = browser()
    const { id, reference } = await fileCase(phone, 'Claimed Close 3')
    expect(await reports(phone)).toEqual([expect.stringContaining('Claimed Close 3')])
    const signInNote = readPage(await (await phone(`${world.service}/my-reports`)).text()).text('.list-sign-in')
    expect(signInNote).toBe(
      'Sign in to keep the reports you send from this browser with your account and see them on any device.',
    )

    await signIn(phone, world.service, 'nora')
    const mine = await reports(phone)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toContain('Claimed Close 3')
    expect(mine[0]).toContain(`Reference ${reference}`)

    // Another device, signed in as the same person, sees it and its case page.
    const laptop = browser()
    await signIn(laptop, world.service, 'nora')
    expect(await reports(laptop)).toEqual([expect.stringContaining('Claimed Close 3')])
    const casePage = await laptop(`${world.service}/my/potholes/${id}`)
    expect(casePage.status).toBe(200)
    expect(readPage(await casePage.text()).text('.timeline-entry:first-child p')).toBe(
      'Linked to your account when you signed in',
    )
    // The claim is an event on the bus: another instance's records know the case as hers.
    await expect.poll(async () => (await world.seeder.records.get('potholes', id))?.submitter).toBe('nora')
    await expect.poll(() => world.seeder.index.get('potholes', id)?.submitter).toBe('nora')
    // Someone else signing in on another browser does not get it.
    const other = browser()
    await signIn(other, world.service, 'vera')
    const refused = await other(`${world.service}/my/potholes/${id}`)
    expect(refused.status).toBe(404)
    // The 404 says whether you are signed in, and as whom, so the person sees why it does not open.
    const page = readPage(await refused.text())
    expect(page.text('main')).toMatch(/You are signed in as .+, and this case was not filed with that account\./)
    expect(page.all('main a.button')).toHaveLength(0)
    const signedOut = readPage(await (await browser()(`${world.service}/my/potholes/${id}`)).text())
    expect(signedOut.text('main')).not.toContain('You are signed in as')
    expect(signedOut.all('main a.button').map((link) => textOf(link))).toEqual(['Sign in'])
  })
})

describe('a sign-in begun and not finished', () => {
  it("leaves the browser's own cases its own: listed and opened while the sign-in waits, after it is refused, and claimed when one completes", async () => {
    const phone = browser()
    const before = await fileCase(phone, 'Unfinished Lane 4')
    // "Sign in" pressed, and the visitor came back without finishing: the provider's page was left.
    const started = await phone(`${world.service}/auth/sign-in?return=%2Fmy-reports`)
    expect(started.status).toBe(302)
    expect(await reports(phone)).toEqual([expect.stringContaining('Unfinished Lane 4')])
    expect((await phone(`${world.service}/my/potholes/${before.id}`)).status).toBe(200)

    // A case filed while it waits is theirs as well, and a repeat of its post (a double tap) files nothing more.
    const form = bucketForm((await openPage(phone, `${world.service}/`)).html, world.service, 'potholes')
    const fields = { ...form.hidden, ...form.selected, street: 'Unfinished Lane 5', kind: 'pothole' }
    const during = { id: filedId(await postForm(phone, form.action, fields)) }
    expect(filedId(await postForm(phone, form.action, fields))).toBe(during.id)
    expect(await reports(phone)).toHaveLength(2)

    // The provider answers that the person cancelled: still the browser's cases.
    const state = new URL(started.headers.get('location') ?? '').searchParams.get('state') ?? ''
    const cancelled = await phone(`${world.service}/auth/callback?error=access_denied&state=${state}`)
    expect(cancelled.status).toBe(400)
    expect((await reports(phone)).sort()).toEqual([
      expect.stringContaining('Unfinished Lane 4'),
      expect.stringContaining('Unfinished Lane 5'),
    ])
    expect((await phone(`${world.service}/my/potholes/${during.id}`)).status).toBe(200)

    // Another browser, which never filed them, sees neither.
    const other = browser()
    expect((await other(`${world.service}/my/potholes/${before.id}`)).status).toBe(404)

    // A sign-in that completes takes both to the person.
    await signIn(phone, world.service, 'nora')
    await expect.poll(async () => (await world.seeder.records.get('potholes', during.id))?.submitter).toBe('nora')
    await expect.poll(async () => (await world.seeder.records.get('potholes', before.id))?.submitter).toBe('nora')
  })
})
