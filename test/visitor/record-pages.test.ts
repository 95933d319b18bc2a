// Records that name other records, carry their storyline, and move by their
// submitter's own hand.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { readRecordEvents } from '../../server/records/record-events'
import { escaped } from '../support/demo-site'
import { useNatsSite } from './nats-site'
import { fileThrough, filedId, listItem, mainOf, openPage, postForm, selfMoveButtons } from './visitor-client'

const world = useNatsSite()
const { visitor, deskMove, pageOf, addDistrict } = world
const unique = (what: string) => `${what} ${randomBytes(4).toString('hex')}`

describe('Record belonging to another record', () => {
  it("lists on a district's page the reports naming it, filed from its own form with the district chosen", async () => {
    const { base } = world.site()
    const north = await addDistrict(unique('North'))
    const south = await addDistrict(unique('South'))
    const anon = visitor()
    const street = unique('Where Lane')
    await expect
      .poll(async () => (await openPage(anon, `${base}/districts/${north}`)).status, { timeout: 5000 })
      .toBe(200)
    const page = await pageOf(anon, `/districts/${north}`)
    expect(page).toContain(`<option value="${north}" selected>`)
    expect(page).toContain(`name="svc_record" value="${north}"`)
    const response = await fileThrough(anon, base, `/districts/${north}`, 'potholes', { street, kind: 'pothole' })
    expect(response.headers.get('location')).toMatch(new RegExp(`^/districts/${north}\\?filed=`))
    await deskMove('potholes', filedId(response), 'accept')
    await expect
      .poll(async () => mainOf(await pageOf(visitor(), `/districts/${north}`)), { timeout: 5000 })
      .toContain(escaped(street))
    expect(mainOf(await pageOf(visitor(), `/districts/${south}`))).not.toContain(escaped(street))
    // The report names its district by name, linking to the district's page.
    expect(listItem(await pageOf(visitor(), '/'), street)).toContain(`href="/districts/${north}"`)
  })
})

describe('Storylines 5 and Events 1: records and events carry the storyline', () => {
  it("files in the visitor's storyline, and every later event keeps it", async () => {
    const { base, bus, index, records } = world.site()
    const id = filedId(
      await fileThrough(visitor('story'), base, '/', 'potholes', { street: unique('Story Lane'), kind: 'pothole' }),
    )
    await deskMove('potholes', id, 'accept')
    expect((await index.waitFor('potholes', id, 1, 5000))?.storyline).toBe('story')
    const latest = await records.get('potholes', id)
    const events = await readRecordEvents(bus, 'potholes', id, latest?.seq ?? 0)
    expect(events.map((e) => [e.event.type, e.event.storyline])).toEqual([
      ['filed', 'story'],
      ['moved', 'story'],
    ])
  })
})

describe('State that grants a group (Membership rules 6, Authentication 4, What the service does 8)', () => {
  it(
    "entering the state adds the signed-in submitter to the group: her next request opens the group's page, " +
      'with no second step',
    async () => {
      const { base } = world.site()
      const nora = visitor()
      await world.signInAs(nora, 'nora')
      expect((await openPage(nora, `${base}/street-watch`)).status).toBe(403)
      const id = filedId(
        await fileThrough(nora, base, '/', 'potholes', { street: unique('Watch Lane'), kind: 'pothole' }),
      )
      await deskMove('potholes', id, 'accept')
      await expect.poll(async () => (await openPage(nora, `${base}/street-watch`)).status, { timeout: 5000 }).toBe(200)
      expect(await pageOf(nora, '/street-watch')).toContain('<h1>Street Watch</h1>')
    },
  )
})

describe('Self transition', () => {
  it('`from` lists the states a self move may be taken from; only the submitter takes it', async () => {
    const { base, index, records } = world.site()
    const nora = visitor()
    await world.signInAs(nora, 'nora')
    const street = unique('Still Lane')
    const id = filedId(await fileThrough(nora, base, '/', 'potholes', { street, kind: 'pothole' }))
    // Straight to the list, not the thanks that waits for the index as a browser's next page does.
    await expect
      .poll(async () => selfMoveButtons(await pageOf(nora, '/my-reports'), base, id).map((b) => b.label), {
        timeout: 5000,
      })
      .toEqual(['Withdraw report'])
    await deskMove('potholes', id, 'accept')
    await expect
      .poll(async () => listItem(await pageOf(nora, '/my-reports'), street), { timeout: 5000 })
      .toContain('>Accepted<')
    expect(selfMoveButtons(await pageOf(nora, '/my-reports'), base, id)).toEqual([])
    await deskMove('potholes', id, 'fix')
    await expect
      .poll(async () => listItem(await pageOf(nora, '/my-reports'), street), { timeout: 5000 })
      .toContain('>Repaired<')
    const [stillBroken, ...others] = selfMoveButtons(await pageOf(nora, '/my-reports'), base, id)
    expect(others).toEqual([])
    expect(stillBroken?.label).toBe('It is not repaired')
    // Someone else signed in cannot take it, whatever they post.
    const vera = visitor()
    await world.signInAs(vera, 'vera')
    const veraCsrf = /name="svc_csrf" value="([^"]+)"/.exec(await pageOf(vera, '/'))?.[1] ?? ''
    expect(
      (await postForm(vera, stillBroken?.action ?? new URL(base), { ...stillBroken?.hidden, svc_csrf: veraCsrf }))
        .status,
    ).toBe(404)
    const moved = await postForm(nora, stillBroken?.action ?? new URL(base), stillBroken?.hidden ?? {})
    expect(moved.status).toBe(303)
    expect(listItem(await pageOf(nora, moved.headers.get('location') ?? '/'), street)).toContain('>Accepted<')
    const view = await index.waitFor('potholes', id, (await records.get('potholes', id))?.seq ?? 0, 5000)
    expect(view?.state).toBe('accepted')
  })

  it('answers a button drawn before someone else moved the case with 409 "reload"', async () => {
    const { base } = world.site()
    const anon = visitor()
    const id = filedId(await fileThrough(anon, base, '/', 'potholes', { street: unique('Race Lane'), kind: 'pothole' }))
    const [withdraw] = selfMoveButtons(await pageOf(anon, '/my-reports'), base, id)
    await deskMove('potholes', id, 'reject')
    const late = await postForm(anon, withdraw?.action ?? new URL(base), withdraw?.hidden ?? {})
    expect(late.status).toBe(409)
    expect(await late.text()).toContain('This case was just changed')
  })
})
