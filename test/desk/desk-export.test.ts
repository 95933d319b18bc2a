// GET /desk/{desk}/{bucket}/export.csv: the bucket's records as CSV, for
// people who may read the bucket through that desk, safe to open in a
// spreadsheet.
import { beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import type { RecordView } from '../../server/records/types'
import { useDeskWorld } from './desk-world'

const world = useDeskWorld()
let district: RecordView
const potholes: RecordView[] = []

/** Enough of RFC 4180 to read the export back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += char
  }
  return rows
}

beforeAll(async () => {
  const { seeder } = world
  district = await seeder.file('districts', { name: 'Secret Valley', office: 'hidden-office@example.org' })
  potholes.push(
    await seeder.file('potholes', {
      street: 'Mill Lane 1, "north" end',
      kind: 'pothole',
      district: district.id,
      details: 'two\nlines',
    }),
  )
  potholes.push(
    await seeder.file('potholes', {
      street: '=HYPERLINK("http://evil.example","click")',
      kind: 'other',
      details: '+SUM(1,2)',
      phone: '-1+1',
      email: '@evil',
    }),
  )
  potholes.push(
    await seeder.move(await seeder.file('potholes', { street: 'Birch Road 7', kind: 'crack' }, 'story'), 'accept'),
  )
  const kari = await world.as('kari')
  const range = async () =>
    (await world.get(kari, '/desk/caseworkers')).page.text('section[data-bucket="potholes"] .desk-range')
  await waitFor(async () => (await range()) === '1–3 of 3', 10_000, 'the service to list the seeded records')
})

describe('the CSV export', () => {
  it('is an attachment with every record of the bucket: id, state, storyline, filed, each field by name', async () => {
    const response = await (await world.as('kari'))(`${world.service}/desk/caseworkers/potholes/export.csv`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/)
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="caseworkers-potholes-\d{4}-\d\d-\d\d\.csv"$/,
    )
    const text = await response.text()
    expect(text.endsWith('\r\n')).toBe(true)
    const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''))
    expect(header).toEqual([
      'id',
      'state',
      'storyline',
      'filed',
      'street',
      'district',
      'location',
      'kind',
      'traffic',
      'depth',
      'noticed',
      'hazard',
      'details',
      'photo',
      'email',
      'phone',
    ])
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      [potholes[2]!.id, 'accepted', 'story'],
      [potholes[1]!.id, 'new', 'plain'],
      [potholes[0]!.id, 'new', 'plain'],
    ])
    const first = Object.fromEntries(header!.map((name, i) => [name, rows[2]![i]]))
    expect(first).toMatchObject({
      street: 'Mill Lane 1, "north" end',
      district: district.id,
      details: 'two\nlines',
      filed: potholes[0]!.filedAt,
    })
  })

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const text = await (await (await world.as('kari'))(`${world.service}/desk/caseworkers/potholes/export.csv`)).text()
    const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''))
    const evil = Object.fromEntries(header!.map((name, i) => [name, rows[1]![i]]))
    expect(evil).toMatchObject({
      street: '\'=HYPERLINK("http://evil.example","click")',
      details: "'+SUM(1,2)",
      phone: "'-1+1",
      email: "'@evil",
    })
    expect(text).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"')
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@]/)
  })

  it('carries no data from other buckets', async () => {
    const text = await (await (await world.as('kari'))(`${world.service}/desk/caseworkers/potholes/export.csv`)).text()
    expect(text).not.toContain('Secret Valley')
    expect(text).not.toContain('hidden-office')
    const districts = await (
      await (
        await world.as('kari')
      )(`${world.service}/desk/caseworkers/districts/export.csv`)
    ).text()
    expect(parseCsv(districts.replace(/^\uFEFF/, ''))).toHaveLength(2)
    expect(districts).not.toContain('Mill Lane')
  })

  it("keeps the desk's filter", async () => {
    const text = await (
      await (
        await world.as('kari')
      )(`${world.service}/desk/caseworkers/potholes/export.csv?state=accepted`)
    ).text()
    expect(
      parseCsv(text.replace(/^\uFEFF/, ''))
        .slice(1)
        .map((row) => row[0]),
    ).toEqual([potholes[2]!.id])
  })

  it('is only for people who may read the bucket through that desk', async () => {
    const get = async (login: string | null, path: string) =>
      (await (await world.as(login))(`${world.service}${path}`)).status
    expect(await get('vera', '/desk/caseworkers/potholes/export.csv')).toBe(403)
    expect(await get(null, '/desk/caseworkers/potholes/export.csv')).toBe(403)
    // Readable by policy/extra.cedar, but not a bucket of the road crew's desk.
    expect(await get('rolf', '/desk/road_crew/districts/export.csv')).toBe(404)
    expect(await get('rolf', '/desk/road_crew/potholes/export.csv')).toBe(200)
  })
})
