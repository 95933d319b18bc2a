// The submitter's case page (/my/{bucket}/{id}) and what is written on it:
// only the submitter sees it, an existing case and a made-up one look the
// same to anyone else, and staff's messages and replies by mail are text,
// never markup, on the case page and the desk.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readPage } from '../desk/page'
import { fileThrough, filedId, openPage, postForm, type CookieFetch } from '../visitor/visitor-client'
import { startDevSite, type DevSite } from './dev-site'

const STREET = `Private Path ${randomBytes(4).toString('hex')}`

let site: DevSite
let owner: CookieFetch
let id: string
beforeAll(async () => {
  site = await startDevSite()
  owner = site.visitor()
  id = filedId(
    await fileThrough(owner, site.base, '/', 'potholes', { street: STREET, kind: 'pothole', email: 'ann@example.org' }),
  )
})
afterAll(() => site?.stop())

const get = async (client: CookieFetch, path: string) => {
  const response = await client(`${site.base}${path}`)
  return { status: response.status, body: await response.text() }
}

describe('the case page is its submitter’s only', () => {
  it('the submitter sees the reference, the state and what they filed', async () => {
    const page = await get(owner, `/my/potholes/${id}`)
    expect(page.status).toBe(200)
    const read = readPage(page.body)
    expect(read.text('h1')).toBe(STREET)
    expect(read.text('.case-facts')).toMatch(/Reference[2-9A-HJKMNP-TV-Z]{3}-[2-9A-HJKMNP-TV-Z]{3}/)
    expect(read.text('.case-facts')).toMatch(/Received|Just in/)
    // Their list of reports links to it.
    expect((await openPage(owner, `${site.base}/my-reports`)).html).toContain(`href="/my/potholes/${id}"`)
  })

  it('another visitor, a signed-in stranger and a caseworker get what a made-up id gets', async () => {
    const madeUp = 'AAAAAAAAAAAAAAAA'
    const other = site.visitor()
    await openPage(other, `${site.base}/`)
    for (const client of [other, await site.as('nora'), await site.as('kari')]) {
      const theirs = await get(client, `/my/potholes/${id}`)
      const nothing = await get(client, `/my/potholes/${madeUp}`)
      expect(theirs.status).toBe(404)
      expect(nothing.status).toBe(404)
      expect(theirs.body).not.toContain(STREET)
      expect(theirs.body.replaceAll(id, madeUp)).toBe(nothing.body)
    }
    // Someone not signed in is offered sign-in (their case may be their account's), for both alike.
    const fresh = site.visitor()
    for (const path of [`/my/potholes/${id}`, `/my/potholes/${madeUp}`, `/my/nobucket/${id}`]) {
      const answer = await get(fresh, path)
      expect(answer.status, path).toBe(404)
      expect(answer.body).not.toContain(STREET)
      expect(readPage(answer.body).text('main a.button')).toBe('Sign in')
    }
    for (const path of ['/my/potholes/..%2F..%2Fetc%2Fpasswd', `/my/potholes/${id}%00`, '/my/svc_memberships/x']) {
      expect((await get(owner, path)).status, path).toBe(404)
    }
  })

  it('a message with markup, a script or a javascript: link is shown as text on the case page and the desk', async () => {
    const kari = await site.as('kari')
    const desk = `/desk/caseworkers/potholes/${id}`
    const page = readPage((await get(kari, desk)).body)
    const form = page.one('form.desk-write')
    const fields = Object.fromEntries(
      page
        .all('form.desk-write input')
        .filter((input) => input.parent === form)
        .map((input) => [input.attributes.name ?? '', input.attributes.value ?? '']),
    )
    const evil = '<script>alert(1)</script> <img src=x onerror=alert(2)> [click](javascript:alert(3)) "quoted"'
    const sent = await postForm(kari, new URL(`${site.base}${desk}/write`), { ...fields, message: evil })
    expect(sent.status).toBe(303)
    for (const body of [(await get(owner, `/my/potholes/${id}`)).body, (await get(kari, desk)).body]) {
      expect(body).not.toContain('<script>alert(1)')
      expect(body).not.toContain('<img src=x')
      expect(body).not.toMatch(/href="javascript:/i)
      expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    }
  })
})
