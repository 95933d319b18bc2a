// Performance issue, rule 2 for signed-in pages: a desk listing or a content
// page is kept per person and state of what it shows (utils/kept-person-page.ts).
// A filing or a move shows on the next view, and one person's kept page is
// never another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevSite, type DevSite } from '../security/dev-site'
import { readForm } from '../auth/cookie-fetch'
import { fileThrough, filedId, listItem, postForm } from '../visitor/visitor-client'

let site: DevSite
beforeAll(async () => {
  site = await startDevSite()
})
afterAll(() => site?.stop())

const listing = async (person: string) => {
  const browser = await site.as(person)
  const response = await browser(`${site.base}/desk/caseworkers`)
  return { status: response.status, html: await response.text() }
}

describe('desk listings kept per person', () => {
  it('a filing and a move show on the next listing; another person gets their own answer', async () => {
    for (let view = 0; view < 2; view++) expect((await listing('kari')).html).not.toContain('Kept Road 1')
    const id = filedId(
      await fileThrough(site.visitor(), site.base, '/', 'potholes', { street: 'Kept Road 1', kind: 'pothole' }),
    )
    const listed = await listing('kari')
    expect(listed.html).toContain('Kept Road 1')
    const row = /<tr[^>]*>[\s\S]*?<\/tr>/g
    const rowOf = (html: string) => [...html.matchAll(row)].map((m) => m[0]).find((r) => r.includes('Kept Road 1'))
    expect(rowOf(listed.html)).toContain('Received')

    const kari = await site.as('kari')
    const record = await (await kari(`${site.base}/desk/caseworkers/potholes/${id}`)).text()
    const accept = readForm(record.slice(record.lastIndexOf('<form', record.indexOf('value="accept"'))), site.base)
    expect((await postForm(kari, accept.action, accept.fields)).status).toBe(303)
    expect(rowOf((await listing('kari')).html)).toContain('Accepted')

    // Kari's kept page is keyed by her session: Nora (no desk) is refused, not served it.
    expect((await listing('nora')).status).toBe(403)
  })

  it("a signed-in person's own page shows their case's move on the next view, and is nobody else's", async () => {
    const nora = await site.as('nora')
    const id = filedId(await fileThrough(nora, site.base, '/', 'potholes', { street: 'Kept Lane 2', kind: 'crack' }))
    const mine = async (person: string) => (await (await site.as(person))(`${site.base}/my-reports`)).text()
    for (let view = 0; view < 2; view++) expect(await mine('nora')).toContain('Kept Lane 2')

    const kari = await site.as('kari')
    const record = await (await kari(`${site.base}/desk/caseworkers/potholes/${id}`)).text()
    const accept = readForm(record.slice(record.lastIndexOf('<form', record.indexOf('value="accept"'))), site.base)
    expect((await postForm(kari, accept.action, accept.fields)).status).toBe(303)
    const item = listItem(await mine('nora'), 'Kept Lane 2')
    expect(item).toContain('Accepted')
    expect(await mine('rolf')).not.toContain('Kept Lane 2')
  })
})
