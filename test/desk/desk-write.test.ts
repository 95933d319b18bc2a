// Issue 10, writing from the desk: a caseworker writes to the submitter on
// the desk record page; the message is a note by desk in the history, the
// state stays, and a mail intent to the submitter is queued, linking to the
// submitter's own case page (the demo's potholes have no record page).
import { openStored } from '../support/stored-payload'
import { describe, expect, it } from 'vitest'
import type { MailIntent } from '../../server/mail/mail-intent'
import { MAIL_STREAM } from '../../server/mail/mail-stream'
import { referenceOf } from '../../server/records/reference'
import type { StreamMessage } from '../../server/bus/types'
import { waitFor } from '../bus/wait'
import { path, useDeskWorld, type DeskWorld, type Fetched } from './desk-world'
import { attr, textOf } from './page'

const world = useDeskWorld()

/** The write form's action and fields, with the message typed in. */
function writeForm(fetched: Fetched, message: string): { action: string; fields: Record<string, string> } {
  const form = fetched.page.one('form.desk-write')
  const fields = Object.fromEntries(
    fetched.page
      .all('form.desk-write input')
      .filter((input) => input.parent === form)
      .map((input) => [attr(input, 'name'), attr(input, 'value')]),
  )
  return { action: attr(form, 'action'), fields: { ...fields, message } }
}

/** The mail intents queued for the record's notes (its filing's receipt left out). */
async function messagesFor(w: DeskWorld, id: string): Promise<MailIntent[]> {
  const notes = (await w.seeder.records.history('potholes', id)).filter((entry) => entry.type === 'noted')
  const seen: StreamMessage[] = []
  const stop = await w.seeder.bus.follow(MAIL_STREAM, `svc.mail.potholes.${id}.*`, {}, (m) => void seen.push(m))
  await new Promise((resolve) => setTimeout(resolve, 300))
  stop()
  const ids = new Set(notes.map((note) => `potholes:${id}:${note.seq}`))
  const intents = await Promise.all(seen.map((message) => openStored<MailIntent>(w.seeder.bus, message.data)))
  return intents.filter((intent) => ids.has(intent.id))
}

describe('writing to the submitter from the desk', () => {
  it('the message is a note by desk in the history, the state stays, and it is mailed to the submitter', async () => {
    const kari = await world.as('kari')
    const view = await world.seeder.file('potholes', {
      street: 'Mill Lane 14',
      kind: 'pothole',
      email: 'ann@example.org',
    })
    const page = await world.get(kari, path(view))
    expect(page.page.text('#record-write')).toBe('Write to the submitter')
    const form = writeForm(page, 'We need a **photo** of the hole.\n\n- Which lane?\n- How deep?')
    const sent = await kari(`${world.service}${form.action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.fields).toString(),
      redirect: 'manual',
    })
    expect(sent.status).toBe(303)
    expect(sent.headers.get('location')).toBe(`${path(view)}?written=1`)

    const after = await world.get(kari, `${path(view)}?written=1`)
    expect(after.page.text('[role="status"]')).toContain('on its way to the submitter')
    expect(after.page.text('.desk-state')).toBe('Pothole reports: Received')
    const last = after.page.all('.desk-history-entry').at(-1)
    expect(textOf(last)).toContain('We need a photo of the hole.')
    expect(textOf(last)).toContain('by Kari Caseworker, on a desk')
    expect(after.body).toContain('<strong>photo</strong>')
    expect(after.page.all('.desk-history-message li').map(textOf)).toEqual(['Which lane?', 'How deep?'])

    const history = await world.seeder.records.history('potholes', view.id)
    expect(history.at(-1)).toMatchObject({
      type: 'noted',
      via: 'desk',
      to: 'new',
      actor: { kind: 'person', subject: 'kari' },
    })
    await waitFor(async () => (await messagesFor(world, view.id)).length === 1, 5000, 'the mail intent')
    const [intent] = await messagesFor(world, view.id)
    expect(intent).toMatchObject({
      to: { email: 'ann@example.org' },
      body: 'We need a **photo** of the hole.\n\n- Which lane?\n- How deep?',
      record: { bucket: 'potholes', id: view.id },
      // With the case's capability, so it opens on any device (issue 26 journey 1).
      link: expect.stringMatching(new RegExp(`^${world.service}/my/potholes/${view.id}\\?k=[0-9a-z]+\\.`)),
    })
    // Named by the reference the visitor was given, never the internal id (issue 26, journey 7).
    expect(intent?.subject).toBe(`A message about your case ${referenceOf(view.filedSeq)}`)
    expect(intent?.subject).not.toContain(view.id)
  })

  it('mail to staff (a move to the road crew’s address) links the desk, not the submitter’s case page', async () => {
    const view = await world.seeder.file('potholes', { street: 'Crew Road 4', kind: 'crack', email: 'di@example.org' })
    const scheduled = await world.seeder.move(await world.seeder.move(view, 'accept'), 'schedule')
    const seen: StreamMessage[] = []
    const stop = await world.seeder.bus.follow(
      MAIL_STREAM,
      `svc.mail.potholes.${view.id}.*`,
      {},
      (m) => void seen.push(m),
    )
    await waitFor(() => seen.length === 3, 5000, 'the receipt, the accept mail and the work order')
    stop()
    const intents = await Promise.all(seen.map((message) => openStored<MailIntent>(world.seeder.bus, message.data)))
    const order = intents.find((intent) => intent.id === `potholes:${view.id}:${scheduled.seq}`)
    expect(order).toMatchObject({ to: { email: 'roadcrew@example.org' }, audience: 'staff' })
    // Through the resolver, which sends each reader to the first desk holding the bucket they may open (issue 26).
    expect(order?.link).toBe(`http://127.0.0.1/desk/case/potholes/${view.id}`)
    const accepted = intents.find((intent) => intent.subject.includes('accepted'))
    expect(accepted).toMatchObject({ audience: 'submitter', link: `http://127.0.0.1/my/potholes/${view.id}` })
  })

  it('sending the same form twice is one message and one mail', async () => {
    const kari = await world.as('kari')
    const view = await world.seeder.file('potholes', { street: 'Elm Row 1', kind: 'crack', email: 'bo@example.org' })
    const form = writeForm(await world.get(kari, path(view)), 'Thanks, we are on it.')
    for (let i = 0; i < 2; i++) {
      const response = await world.post(kari, form.action, form.fields)
      expect(response.status).toBe(303)
    }
    const notes = (await world.seeder.records.history('potholes', view.id)).filter((e) => e.type === 'noted')
    expect(notes).toHaveLength(1)
    expect(await messagesFor(world, view.id)).toHaveLength(1)
  })

  it('an empty message comes back with its error beside the field, the words kept, nothing stored', async () => {
    const kari = await world.as('kari')
    const view = await world.seeder.file('potholes', { street: 'Elm Row 2', kind: 'crack', email: 'cy@example.org' })
    const form = writeForm(await world.get(kari, path(view)), '   \n  ')
    const refused = await world.post(kari, form.action, form.fields)
    expect(refused.status).toBe(400)
    expect(refused.page.text('#write-message-error')).toBe('Write the message before sending it.')
    expect(attr(refused.page.one('#write-message'), 'aria-invalid')).toBe('true')
    const long = writeForm(refused, `${'word '.repeat(2100)}`)
    const tooLong = await world.post(kari, long.action, long.fields)
    expect(tooLong.status).toBe(400)
    expect(tooLong.page.text('#write-message-error')).toMatch(/too long: at most 10000 characters/)
    expect(tooLong.page.text('#write-message')).toContain('word word')
    expect((await world.seeder.records.history('potholes', view.id)).map((e) => e.type)).toEqual(['filed'])
  })

  it('a submitter who left no address gets no form, and the page says why', async () => {
    const kari = await world.as('kari')
    const view = await world.seeder.file('potholes', { street: 'Elm Row 3', kind: 'kerb' })
    const page = await world.get(kari, path(view))
    expect(page.page.all('form.desk-write')).toHaveLength(0)
    expect(page.page.text('section[aria-labelledby="record-write"] p')).toContain('left no address')
  })
})
