// GET /desk/{desk}/{bucket}/{id}: a record with every field and its
// history, and exactly the moves its state and the policy allow.
import { beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import type { RecordView } from '../../server/records/types'
import { moveForms, path, useDeskWorld } from './desk-world'
import { attr, textOf } from './page'
import { storedFileValue } from '../../server/files/stored-file'

const world = useDeskWorld()
let district: RecordView
let pothole: RecordView

beforeAll(async () => {
  district = await world.seeder.file('districts', { name: 'Old Town', office: 'roads@old.example' })
  pothole = await world.seeder.file('potholes', {
    street: 'Mill Lane 14',
    district: district.id,
    kind: 'drain',
    hazard: 'yes',
    details: 'Deep <b>and</b> wide',
    photo: storedFileValue({
      key: 'uploads/potholes/x1/photo/0123456789abcdef01234567',
      name: 'photo of hole.jpg',
      size: 2_400_000,
      type: 'image/jpeg',
      preview: false,
    }),
    location: '59.91,10.74',
  })
  // The service's index follows the same stream: wait until it has both.
  const kari = await world.as('kari')
  const linked = async () => (await world.get(kari, path(pothole))).page.text('.desk-field a[href^="/desk/"]')
  await waitFor(async () => (await linked()) === 'Old Town', 10_000, 'the service to see the district')
})

describe('a record on a desk', () => {
  it("shows every field in the reader's storyline, a linked record by name and a file by its name", async () => {
    const record = await world.get(await world.as('kari'), path(pothole))
    expect(record.status).toBe(200)
    expect(record.page.text('main h1')).toBe('Mill Lane 14')
    expect(record.page.text('.desk-state')).toBe('Pothole reports: Received')
    const fields = Object.fromEntries(
      record.page.all('.desk-field').map((f) => [textOf(f.children[0]), textOf(f.children[1])]),
    )
    expect(fields).toMatchObject({
      'Street and nearest house number': 'Mill Lane 14',
      District: 'Old Town',
      'Type of damage': 'Sunken or blocked drain',
      'It is a danger to cyclists or pedestrians': 'Yes',
      Description: 'Deep <b>and</b> wide',
      Photo: 'photo of hole.jpg, 2.3 MB',
      Position: '59.91, 10.74',
      "Reporter's e-mail": 'Not given',
    })
    expect(record.page.text('.desk-told .told-in')).toBe('Told in: plain')
    expect(record.body).toContain('Deep &lt;b&gt;and&lt;/b&gt; wide')
    expect(attr(record.page.one('.desk-field a[href^="/desk/"]'), 'href')).toBe(path(district))
    expect(attr(record.page.one('.desk-field a[href^="/attachment/"]'), 'href')).toBe(
      `/attachment/potholes/${pothole.id}/photo`,
    )
  })

  it("shows its history: filed, by whom and when (in the site's time zone, Europe/Oslo by default)", async () => {
    const record = await world.get(await world.as('kari'), path(pothole))
    expect(record.page.all('.desk-history-entry')).toHaveLength(1)
    // Filed at 08:xx UTC on New Year's Day: 09:xx in Oslo.
    expect(record.page.text('.desk-history-entry time')).toMatch(/^Jan 1, 2030, 09:\d\d$/)
    expect(record.page.text('.desk-history-entry .desk-history-what')).toBe('Filed in Received')
    expect(record.page.text('.desk-history-entry .desk-history-who')).toBe('by a visitor who was not signed in')
  })

  it('offers exactly the desk moves declared from its state that the policy allows', async () => {
    const kari = moveForms(await world.get(await world.as('kari'), path(pothole)))
    expect(kari.map((m) => [m.fields.edge, m.button])).toEqual([
      ['accept', 'Accept'],
      ['reject', 'Reject: not municipal'],
    ])
    expect(kari[0]).toMatchObject({ action: `${path(pothole)}/move`, fields: { seq: String(pothole.seq) } })
    expect(kari[0]?.fields.svc_csrf).toMatch(/.{16,}/)
    // policy/desk-test.cedar forbids the road crew `reject`; self moves are never desk buttons.
    const rolf = moveForms(await world.get(await world.as('rolf'), path(pothole, 'road_crew')))
    expect(rolf.map((m) => m.fields.edge)).toEqual(['accept'])
  })

  it('is a 404 for an unknown id, a record of another bucket, or a bucket the desk does not list', async () => {
    const kari = await world.as('kari')
    for (const missing of [
      '/desk/caseworkers/potholes/AAAAAAAAAAAAAAAAAAAAAA',
      `/desk/caseworkers/potholes/${district.id}`,
      '/desk/caseworkers/potholes/no.such',
    ]) {
      const response = await world.get(kari, missing)
      expect(response.status, missing).toBe(404)
      expect(response.page.text('main h1')).toBe('Not found')
    }
    // The road crew may read districts by policy/extra.cedar, but their desk does not list them.
    expect((await world.get(await world.as('rolf'), path(district, 'road_crew'))).status).toBe(404)
    expect((await world.get(await world.as('vera'), path(pothole))).status).toBe(403)
    expect((await world.get(await world.as(null), path(pothole))).status).toBe(403)
  })
})
