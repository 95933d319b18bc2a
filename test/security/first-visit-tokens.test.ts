// A first visit to a kept form page is answered from the page cache, its
// cookies and tokens made without rendering (utils/cached-page.ts): the
// storyline and visitor cookies written as lines with the answer, the visitor
// value and the one-time token cut from a block of random bytes, the CSRF
// value signed over that visitor value. None of it may be weaker than what
// the route gives: a forged token, another visitor's token, a token whose
// cookie is gone and a replayed post file nothing new, and every value is
// drawn once. Real parts: the built service on its embedded bus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCookieFetch } from '../auth/cookie-fetch'
import { bucketForm, filedId, openPage, postForm, type CookieFetch } from '../visitor/visitor-client'
import { startDevSite, type DevSite } from './dev-site'

let site: DevSite
beforeAll(async () => {
  site = await startDevSite()
  // Kept in both storylines, so every visit below is a first visit to a kept page.
  for (const story of ['plain', 'story']) await fetch(`${site.base}/`, { headers: { cookie: `svc_story=${story}` } })
})
afterAll(() => site?.stop())

/** What filing anything would change (not the visitors, whom these browsers' coming back counts). */
const counts = async () =>
  JSON.stringify(((await (await fetch(`${site.base}/report`)).json()) as { counts: unknown }).counts)

/** A browser with no cookie at all, its first view of the home page, and the pothole form there. */
async function firstVisit() {
  const client = createCookieFetch()
  const response = await client(`${site.base}/`)
  const html = await response.text()
  const form = bucketForm(html, site.base, 'potholes')
  const fields: Record<string, string> = {
    ...form.hidden,
    ...form.selected,
    street: 'First Visit Lane',
    kind: 'pothole',
  }
  return { client, lines: response.headers.getSetCookie(), form, fields }
}

const visitorValue = (client: CookieFetch) => client.cookie(site.base, 'svc_visitor') ?? ''

describe('a first visit served from the page cache', () => {
  it('gets its storyline and visitor cookies HttpOnly, SameSite=Lax, Path=/, none with a Domain', async () => {
    const { client, lines } = await firstVisit()
    for (const name of ['svc_story', 'svc_story_drawn', 'svc_visitor']) {
      const line = lines.find((set) => set.startsWith(`${name}=`))
      expect(line).toMatch(/; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/)
    }
    expect(lines).toHaveLength(3)
    expect(visitorValue(client)).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })

  it('gives every visitor a value and every view a one-time token of its own, never one handed out before', async () => {
    const visits = await Promise.all(Array.from({ length: 200 }, () => firstVisit()))
    const values = visits.map((visit) => visitorValue(visit.client))
    const tokens = visits.map((visit) => visit.form.hidden.svc_submission ?? '')
    const csrf = visits.map((visit) => visit.form.hidden.svc_csrf ?? '')
    expect(new Set(values).size).toBe(200)
    expect(new Set(tokens).size).toBe(200)
    expect(new Set(csrf).size).toBe(200)
    expect(new Set([...values, ...tokens]).size).toBe(400)
  })

  it('files nothing with a forged token, another visitor’s token, or a token whose cookie is gone', async () => {
    const victim = await firstVisit()
    const other = await firstVisit()
    const before = await counts()
    const token = victim.fields.svc_csrf ?? ''
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect((await postForm(victim.client, victim.form.action, { ...victim.fields, svc_csrf: forged })).status).toBe(403)
    const theirs = { ...victim.fields, svc_csrf: other.fields.svc_csrf ?? '' }
    expect((await postForm(victim.client, victim.form.action, theirs)).status).toBe(403)
    // The cookie expired or was cleared: the browser sends the page's token without it.
    const cleared = createCookieFetch()
    cleared.setCookie(site.base, 'svc_story', victim.client.cookie(site.base, 'svc_story') ?? 'plain')
    expect((await postForm(cleared, victim.form.action, victim.fields)).status).toBe(403)
    expect(await counts()).toBe(before)
  })

  it('a replayed post lands on the first filing; a new filing needs the fresh token of a new view', async () => {
    const visit = await firstVisit()
    const first = await postForm(visit.client, visit.form.action, visit.fields)
    expect(first.status).toBe(303)
    const again = await postForm(visit.client, visit.form.action, { ...visit.fields, street: 'Replay Lane' })
    expect(again.headers.get('location')).toBe(first.headers.get('location'))
    const next = bucketForm((await openPage(visit.client, `${site.base}/`)).html, site.base, 'potholes')
    expect(next.hidden.svc_submission).not.toBe(visit.fields.svc_submission)
    const fields = { ...next.hidden, ...next.selected, street: 'Second Lane', kind: 'pothole' }
    const second = await postForm(visit.client, next.action, fields)
    expect(filedId(second)).not.toBe(filedId(first))
  })
})
