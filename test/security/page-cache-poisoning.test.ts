// The page cache (performance issue) invites two mistakes an attacker would
// look for: a page rendered for one person served to another (their own
// cases, their name and sign-out token), and a request that plants its own
// bytes in a page others are served (a junk query, a forged Host header).
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileThrough, filedId, openPage, type CookieFetch } from '../visitor/visitor-client'
import { startDevSite, type DevSite } from './dev-site'

const STREET = `Poison Street ${randomBytes(4).toString('hex')}`
const MARKER = `marker${randomBytes(6).toString('hex')}`

let site: DevSite
let owner: CookieFetch
beforeAll(async () => {
  site = await startDevSite()
  owner = site.visitor()
  filedId(await fileThrough(owner, site.base, '/', 'potholes', { street: STREET, kind: 'pothole', details: MARKER }))
})
afterAll(() => site?.stop())

const twice = async (client: CookieFetch, path: string) => {
  await openPage(client, `${site.base}${path}`)
  return openPage(client, `${site.base}${path}`)
}

describe('page cache poisoning', () => {
  it("a filer's own view is never served to others, and the anonymous view never to the filer", async () => {
    for (const path of ['/my-reports', '/']) {
      expect((await twice(owner, path)).status).toBe(200)
      const stranger = await twice(site.visitor(), path)
      expect(stranger.status).toBe(200)
      expect(stranger.html).not.toContain(STREET)
      expect(stranger.html).not.toContain(MARKER)
    }
    // The anonymous /my-reports is kept now; the filer still gets their own.
    expect((await openPage(owner, `${site.base}/my-reports`)).html).toContain(STREET)
  })

  it("a signed-in person's page is not kept for others, nor a kept page served to them", async () => {
    const kari = await site.as('kari')
    const hers = await twice(kari, '/')
    expect(hers.html).toContain('action="/auth/sign-out"')
    const stranger = await twice(site.visitor(), '/')
    expect(stranger.html).not.toContain('action="/auth/sign-out"')
    expect(stranger.html).not.toContain('Kari')
    expect((await openPage(kari, `${site.base}/`)).html).toContain('action="/auth/sign-out"')
  })

  it('a junk query or a forged Host header plants nothing in the page others get', async () => {
    const attacker = site.visitor()
    const junk = await attacker(`${site.base}/about?x=${MARKER}&page-1=${MARKER}`)
    expect(junk.status).toBe(200)
    await junk.text()
    const forged = await fetch(`${site.base}/about`, {
      headers: { host: `${MARKER}.example`, cookie: 'svc_story=plain' },
    })
    await forged.text()
    for (let view = 0; view < 2; view++) {
      const page = await openPage(site.visitor(), `${site.base}/about`)
      expect(page.html).not.toContain(MARKER)
    }
  })
})
