// A policy/ file's forbid on reading some records (here: the "sealed"
// storyline, for the road crew) hides them everywhere a bucket reader would
// otherwise see them: desk listings, the CSV export, record pages, `view: desk`
// lists and the choices of a form's record field, not only the desk's record page.
import { beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import type { RecordView } from '../../server/records/types'
import { path, useDeskWorld } from './desk-world'
import { textOf } from './page'

const world = useDeskWorld()
let open: RecordView
let sealed: RecordView
let sealedDistrict: RecordView

beforeAll(async () => {
  const { seeder } = world
  await seeder.file('districts', { name: 'Open Valley' })
  sealedDistrict = await seeder.file(
    'districts',
    { name: 'Sealed Valley', office: 'sealed-office@example.org' },
    'sealed',
  )
  open = await seeder.file('potholes', { street: 'Mill Lane 1', kind: 'pothole' })
  sealed = await seeder.file(
    'potholes',
    { street: 'Sealed Street 9', kind: 'pothole', details: 'sealed details' },
    'sealed',
  )
  const kari = await world.as('kari')
  const range = async () =>
    (await world.get(kari, '/desk/caseworkers')).page.text('section[data-bucket="potholes"] .desk-range')
  await waitFor(async () => (await range()) === '1–2 of 2', 10_000, 'the service to list the seeded records')
})

describe('records the policy forbids a bucket reader to read', () => {
  it('are left out of the desk listing, as their own page is', async () => {
    for (const [login, desk] of [
      ['rolf', 'road_crew'],
      ['mona', 'caseworkers'],
    ] as const) {
      const fetched = await world.get(await world.as(login), `/desk/${desk}`)
      const names = fetched.page.all('section[data-bucket="potholes"] tbody tr td:first-child a').map(textOf)
      expect(names, login).toEqual(['Mill Lane 1'])
      expect(fetched.body, login).not.toContain('Sealed')
      expect((await world.get(await world.as(login), path(sealed, desk))).status, login).toBe(404)
    }
    const kari = await world.get(await world.as('kari'), '/desk/caseworkers')
    expect(kari.page.all('section[data-bucket="potholes"] tbody tr td:first-child a').map(textOf)).toEqual([
      'Sealed Street 9',
      'Mill Lane 1',
    ])
    expect((await world.get(await world.as('rolf'), path(open, 'road_crew'))).status).toBe(200)
  })

  it('are left out of the CSV export', async () => {
    const rolf = await (await (await world.as('rolf'))(`${world.service}/desk/road_crew/potholes/export.csv`)).text()
    expect(rolf).toContain(open.id)
    expect(rolf).not.toContain(sealed.id)
    expect(rolf).not.toContain('Sealed Street')
    const kari = await (await (await world.as('kari'))(`${world.service}/desk/caseworkers/potholes/export.csv`)).text()
    expect(kari).toContain('Sealed Street 9')
  })

  it("are not shown on their record page, in a `view: desk` list or as a record field's choice", async () => {
    const page = await world.get(await world.as('rolf'), `/districts/${sealedDistrict.id}`)
    expect(page.status).toBe(404)
    expect(page.body).not.toContain('sealed-office')
    const home = await world.get(await world.as('rolf'), '/')
    expect(home.page.all('select[name="district"] option').map(textOf)).toEqual(['Choose…', 'Open Valley'])
    const staff = await world.get(await world.as('mona'), '/staff')
    expect(staff.status).toBe(200)
    expect(staff.body).toContain('Mill Lane 1')
    expect(staff.body).toContain('Open Valley')
    expect(staff.body).not.toContain('Sealed')
    expect((await world.get(await world.as('kari'), '/staff')).body).toContain('Sealed Street 9')
  })
})
