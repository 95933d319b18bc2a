// IDOR: reaching a record by its id from the wrong seat. Another visitor's
// case, another group's desk, a bucket the desk does not hold, the automation
// endpoint without its token. The attacker knows the ids; what they see must
// be a refusal without the record's text, and the record must not move.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moveForms } from '../desk/desk-world'
import { readPage } from '../desk/page'
import {
  bucketForm,
  fileThrough,
  filedId,
  listItem,
  openPage,
  postForm,
  selfMoveButtons,
  type CookieFetch,
} from '../visitor/visitor-client'
import { startDevSite, type DevSite } from './dev-site'

const TOKEN = `automation-${randomBytes(8).toString('hex')}`
const STREET = `Secret Street ${randomBytes(4).toString('hex')}`
const OFFICE = `office-${randomBytes(4).toString('hex')}@example.org`

let site: DevSite
let owner: CookieFetch
let id: string
let districtId: string
beforeAll(async () => {
  site = await startDevSite({}, { AUTOMATION_READ_TOKEN: TOKEN })
  owner = site.visitor()
  id = filedId(await fileThrough(owner, site.base, '/', 'potholes', { street: STREET, kind: 'pothole' }))
  districtId = filedId(
    await fileThrough(await site.as('kari'), site.base, '/staff', 'districts', { name: 'Hidden Vale', office: OFFICE }),
  )
})
afterAll(() => site?.stop())

const get = async (client: CookieFetch, path: string) => {
  const response = await client(`${site.base}${path}`)
  return { status: response.status, body: await response.text() }
}

/** What the caseworkers' desk says the record's state is. */
const stateOnDesk = async () =>
  readPage((await get(await site.as('kari'), `/desk/caseworkers/potholes/${id}`)).body).text('.desk-state')

describe('IDOR', () => {
  it("another visitor neither lists nor moves someone else's case, with a valid token of their own", async () => {
    const withdraw = selfMoveButtons((await openPage(owner, `${site.base}/my-reports`)).html, site.base, id)[0]
    expect(withdraw).toBeDefined()
    const other = site.visitor()
    const theirs = await openPage(other, `${site.base}/my-reports`)
    expect(theirs.html).not.toContain(STREET)
    const csrf = bucketForm((await openPage(other, `${site.base}/`)).html, site.base, 'potholes').hidden.svc_csrf ?? ''
    const refused = await postForm(other, withdraw?.action ?? new URL(site.base), {
      ...withdraw?.hidden,
      svc_csrf: csrf,
    })
    expect(refused.status).toBe(404)
    expect(await refused.text()).not.toContain(STREET)
    expect(listItem((await openPage(owner, `${site.base}/my-reports`)).html, STREET)).toContain('Received')
  })

  it("a member of another group is refused the caseworkers' desk, its record page, export and moves", async () => {
    const rolf = await site.as('rolf')
    for (const path of [
      '/desk/caseworkers',
      `/desk/caseworkers/potholes/${id}`,
      '/desk/caseworkers/potholes/export.csv',
      '/staff',
    ]) {
      const answer = await get(rolf, path)
      expect([403, 404], path).toContain(answer.status)
      expect(answer.body, path).not.toContain(STREET)
    }
    // His own desk's form for the record gives him a valid token; aimed at the other desk, it moves nothing.
    const own = await rolf(`${site.base}/desk/road_crew/potholes/${id}`)
    const [accept] = moveForms({ status: own.status, headers: own.headers, body: '', page: readPage(await own.text()) })
    expect(accept?.fields.svc_csrf).toBeTruthy()
    const moved = await postForm(rolf, new URL(`/desk/caseworkers/potholes/${id}/move`, site.base), {
      ...accept?.fields,
      edge: 'accept',
    })
    expect([403, 404]).toContain(moved.status)
    expect(await stateOnDesk()).toBe('Pothole reports: Received')
  })

  it('a desk does not open a bucket it does not hold, even to a person the policy lets read it', async () => {
    const rolf = await site.as('rolf')
    const answer = await get(rolf, `/desk/road_crew/districts/${districtId}`)
    expect([403, 404]).toContain(answer.status)
    expect(answer.body).not.toContain(OFFICE)
    expect((await get(rolf, '/desk/road_crew/districts/export.csv')).body).not.toContain(OFFICE)
  })

  it('a person in no group, and a visitor not signed in, reach no desk record', async () => {
    const nora = await site.as('nora')
    for (const client of [nora, site.visitor()]) {
      for (const path of [
        `/desk/caseworkers/potholes/${id}`,
        `/desk/road_crew/potholes/${id}`,
        `/desk/caseworkers/districts/${districtId}`,
        '/desk/caseworkers/potholes/export.csv',
      ]) {
        const answer = await get(client, path)
        expect([302, 303, 401, 403, 404], path).toContain(answer.status)
        expect(answer.body, path).not.toContain(STREET)
        expect(answer.body, path).not.toContain(OFFICE)
      }
    }
  })

  it('the automation read endpoint gives nothing without its token, or with a guessed one', async () => {
    for (const authorization of [undefined, 'Bearer guessed', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const response = await fetch(`${site.base}/automation/kv/potholes/${id}`, {
        headers: authorization === undefined ? {} : { authorization },
      })
      expect(response.status, authorization).toBe(401)
      expect(await response.text(), authorization).not.toContain(STREET)
    }
    const allowed = await fetch(`${site.base}/automation/kv/potholes/${id}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(allowed.status).toBe(200)
    expect(await allowed.text()).toContain(STREET)
  })
})
