// GET /desk and GET /desk/{desk}: who sees which desk, and a bucket's
// records newest first with a state filter, a search and pages of 25.
import { beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import { attr, textOf } from './page'
import { useDeskWorld, type Fetched } from './desk-world'

const world = useDeskWorld()
const sections = (fetched: Fetched, bucket: string) => ({
  range: fetched.page.text(`section[data-bucket="${bucket}"] .desk-range`),
  names: fetched.page.all(`section[data-bucket="${bucket}"] tbody tr td:first-child a`).map(textOf),
})

beforeAll(async () => {
  const { seeder } = world
  for (let i = 1; i <= 30; i++) {
    const view = await seeder.file('potholes', {
      street: i % 5 === 0 ? `Birch Road ${i}` : `Mill Lane ${i}`,
      kind: 'pothole',
    })
    if (i <= 4) await seeder.move(view, 'accept')
  }
  await seeder.file('districts', { name: 'Old Town' })
  // The service's index follows the same stream.
  const kari = await world.as('kari')
  const range = async () =>
    (await world.get(kari, '/desk/caseworkers')).page.text('section[data-bucket="potholes"] .desk-range')
  await waitFor(async () => (await range()) === '1–25 of 30', 10_000, 'the service to list the seeded records')
})

describe('the list of desks', () => {
  it('sends a visitor who is not signed in to sign in first', async () => {
    const response = await (await world.as(null))(`${world.service}/desk`)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/auth/sign-in?return=/desk')
  })

  it('lists the desks the person may open, and only those', async () => {
    const kari = await world.get(await world.as('kari'), '/desk')
    expect(kari.page.all('.desk-index a').map((a) => attr(a, 'href'))).toEqual(['/desk/caseworkers'])
    const vera = await world.get(await world.as('vera'), '/desk')
    expect(vera.page.all('.desk-index a').map((a) => attr(a, 'href'))).toEqual(['/desk/street_watch'])
    const nora = await world.get(await world.as('nora'), '/desk')
    expect(nora.status).toBe(200)
    expect(nora.page.all('.desk-index a')).toEqual([])
    expect(nora.page.text('main')).toContain('Your account opens no desk')
  })
})

describe('a desk', () => {
  it('is refused with a friendly 403 to a volunteer, and to a visitor with a way to sign in', async () => {
    const vera = await world.get(await world.as('vera'), '/desk/caseworkers')
    expect(vera.status).toBe(403)
    expect(vera.page.text('main h1')).toBe('Not open to you')
    expect(vera.body).not.toContain('Mill Lane')
    const visitor = await world.get(await world.as(null), '/desk/caseworkers')
    expect(visitor.status).toBe(403)
    expect(visitor.page.all('main a').map((a) => attr(a, 'href'))).toContain(
      '/auth/sign-in?return=%2Fdesk%2Fcaseworkers',
    )
    expect(visitor.body).not.toContain('Mill Lane')
  })

  it('is a 404 when no desk has that name', async () => {
    expect((await world.get(await world.as('kari'), '/desk/nowhere')).status).toBe(404)
    expect((await world.get(await world.as('kari'), '/desk/Bad-Name')).status).toBe(404)
  })

  it('shows one section per bucket the person may read, newest first, 25 to a page', async () => {
    const desk = await world.get(await world.as('kari'), '/desk/caseworkers')
    expect(desk.status).toBe(200)
    expect(desk.page.all('section.desk-bucket').map((s) => attr(s, 'data-bucket'))).toEqual(['potholes', 'districts'])
    const potholes = sections(desk, 'potholes')
    expect(potholes.range).toBe('1–25 of 30')
    expect(potholes.names.slice(0, 3)).toEqual(['Birch Road 30', 'Mill Lane 29', 'Mill Lane 28'])
    expect(potholes.names).toHaveLength(25)
    // The state in the staff storyline ("plain"), the record's own storyline as a tag, and the filing time.
    const [name, state, filed] = desk.page.all('section[data-bucket="potholes"] tbody tr:first-child td').map(textOf)
    expect([name, state]).toEqual(['Birch Road 30 Told in: plain', 'Received'])
    expect(filed).toMatch(/^Jan 1, 2030, \d\d:\d\d$/)
    expect(sections(desk, 'districts').names).toEqual(['Old Town'])
    const next = desk.page.one('section[data-bucket="potholes"] a[rel="next"]')
    expect(attr(next, 'href')).toBe('/desk/caseworkers?bucket=potholes&page=2')

    const second = await world.get(await world.as('kari'), attr(next, 'href'))
    expect(sections(second, 'potholes')).toEqual({
      range: '26–30 of 30',
      names: ['Birch Road 5', 'Mill Lane 4', 'Mill Lane 3', 'Mill Lane 2', 'Mill Lane 1'],
    })
    expect(attr(second.page.one('section[data-bucket="potholes"] a[rel="prev"]'), 'href')).toBe(
      '/desk/caseworkers?bucket=potholes',
    )
    expect(second.page.all('section[data-bucket="potholes"] a[rel="next"]')).toEqual([])
    // The other bucket stays on its first page.
    expect(sections(second, 'districts').names).toEqual(['Old Town'])
  })

  it('filters by state with a GET form and keeps the filter while paging', async () => {
    const kari = await world.as('kari')
    const desk = await world.get(kari, '/desk/caseworkers')
    const form = desk.page.one('section[data-bucket="potholes"] form.desk-filter')
    expect(attr(form, 'method')).toBe('get')
    expect(
      desk.page.all('section[data-bucket="potholes"] select[name="state"] option').map((o) => attr(o, 'value')),
    ).toEqual(['', '_all', 'new', 'accepted', 'scheduled', 'fixed', 'closed', 'rejected', 'withdrawn'])
    const accepted = await world.get(kari, '/desk/caseworkers?bucket=potholes&state=accepted')
    expect(sections(accepted, 'potholes')).toEqual({
      range: '1–4 of 4',
      names: ['Mill Lane 4', 'Mill Lane 3', 'Mill Lane 2', 'Mill Lane 1'],
    })
    expect(attr(accepted.page.one('section[data-bucket="potholes"] option[selected]'), 'value')).toBe('accepted')
    const fresh = await world.get(kari, '/desk/caseworkers?bucket=potholes&state=new&page=2')
    expect(sections(fresh, 'potholes').range).toBe('26–26 of 26')
    expect(attr(fresh.page.one('section[data-bucket="potholes"] a[rel="prev"]'), 'href')).toBe(
      '/desk/caseworkers?bucket=potholes&state=new',
    )
  })

  it('searches the text fields with q', async () => {
    const kari = await world.as('kari')
    const birch = await world.get(kari, '/desk/caseworkers?q=birch')
    expect(sections(birch, 'potholes')).toEqual({
      range: '1–6 of 6',
      names: ['Birch Road 30', 'Birch Road 25', 'Birch Road 20', 'Birch Road 15', 'Birch Road 10', 'Birch Road 5'],
    })
    expect(attr(birch.page.one('#potholes-q'), 'value')).toBe('birch')
    const none = await world.get(kari, '/desk/caseworkers?q=%3Cscript%3E')
    expect(none.page.text('section[data-bucket="potholes"] .empty')).toBe('No records match this filter.')
    // Said once: no "No records" line above it.
    expect(none.page.all('section[data-bucket="potholes"] .desk-range')).toEqual([])
    expect(none.page.text('section[data-bucket="potholes"]')).not.toMatch(/No records(?! match)/)
    expect(none.body).not.toContain('<script>')
  })

  it('takes a page past the end as the last page, and a nonsense page as the first', async () => {
    const kari = await world.as('kari')
    expect(sections(await world.get(kari, '/desk/caseworkers?page=99'), 'potholes').range).toBe('26–30 of 30')
    expect(sections(await world.get(kari, '/desk/caseworkers?page=two'), 'potholes').range).toBe('1–25 of 30')
  })

  it('shows the road crew their own desk and refuses them the case desk', async () => {
    const rolf = await world.as('rolf')
    const own = await world.get(rolf, '/desk/road_crew')
    expect(own.page.all('section.desk-bucket').map((s) => attr(s, 'data-bucket'))).toEqual(['potholes'])
    expect((await world.get(rolf, '/desk/caseworkers')).status).toBe(403)
  })
})
