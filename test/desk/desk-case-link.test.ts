// GET /desk/case/{bucket}/{id}: the one staff link in mail, which sends each reader on to the first desk holding
// the bucket that they may open, signs a signed-out reader in first, and names whom to ask when none is theirs.
import { beforeAll, describe, expect, it } from 'vitest'
import { buildMailIntent } from '../../server/mail/mail-intent'
import { loadDemo } from '../support/demo-site'
import type { RecordView } from '../../server/records/types'
import { attr } from './page'
import { useDeskWorld } from './desk-world'

const world = useDeskWorld()
let view: RecordView
const link = () => `/desk/case/potholes/${view.id}`

beforeAll(async () => {
  view = await world.seeder.file('potholes', { street: 'Resolver Road 3', kind: 'pothole' })
})

describe('the staff link to a case', () => {
  it('Journey 3: a work-order mail links the case through the resolver, not through one desk', async () => {
    const site = await loadDemo()
    const bucket = site.buckets.get('potholes')!
    const schedule = bucket.moves.find((move) => move.name === 'schedule')!
    const intent = buildMailIntent({
      site,
      bucket,
      mail: schedule.mail!,
      view: { ...view, state: 'scheduled', seq: view.seq + 1 },
      publicUrl: 'https://desk.example.org/',
      lookup: () => null,
    })!
    expect(intent.audience).toBe('staff')
    expect(intent.link).toBe(`https://desk.example.org/desk/case/potholes/${view.id}`)
  })

  it('sends each reader to the first desk holding the bucket that they may open', async () => {
    const to = async (login: string) => (await world.get(await world.as(login), link())).headers.get('location')
    expect(await to('kari')).toBe(`/desk/caseworkers/potholes/${view.id}`)
    expect(await to('rolf')).toBe(`/desk/road_crew/potholes/${view.id}`)
    expect(await to('mona')).toBe(`/desk/caseworkers/potholes/${view.id}`)
    const rolf = await world.get(await world.as('rolf'), `/desk/road_crew/potholes/${view.id}`)
    expect(rolf.status).toBe(200)
  })

  it('signs a signed-out reader in first, and comes back to the link after', async () => {
    const response = await world.get(await world.as(null), link())
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/auth/sign-in?return=${encodeURIComponent(link())}`)
  })

  it('is a plain 403 naming the desks whose people to ask when no desk holding it is open to the reader', async () => {
    const nora = await world.get(await world.as('nora'), link())
    expect(nora.status).toBe(403)
    expect(nora.page.text('main h1')).toBe('Not open to you')
    expect(nora.page.text('main p')).toContain('ask the people who run Case desk')
    expect(nora.page.all('main a').map((a) => attr(a, 'href'))).toContain('/desk')
    expect(nora.body).not.toContain('Resolver Road')
  })

  it('is a 404 for a bucket no desk holds, an unknown bucket or a malformed id', async () => {
    const kari = await world.as('kari')
    expect((await world.get(kari, '/desk/case/nowhere/abc')).status).toBe(404)
    expect((await world.get(kari, '/desk/case/potholes/..%2Fx')).status).toBe(404)
  })
})
