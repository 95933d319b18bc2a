// Filing a case from a page's form as an anonymous visitor, on the demo site.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SiteModel } from '../../server/content/model'
import { escaped, loadDemo } from '../support/demo-site'
import { startServer, type RunningServer } from '../support/server'
import {
  bucketForm,
  createCookieFetch,
  fileThrough,
  filedId,
  listItem,
  mainOf,
  openPage,
  postForm,
  confirmForm,
  selfMoveButtons,
} from './visitor-client'

let server: RunningServer
let site: SiteModel
let base: string
beforeAll(async () => {
  ;[site, server] = await Promise.all([loadDemo(), startServer()])
  base = server.url
})
afterAll(() => server?.stop())

const unique = (what: string) => `${what} ${randomBytes(4).toString('hex')}`

function visitor(storyline = 'plain') {
  const client = createCookieFetch()
  client.setCookie(base, 'svc_story', storyline)
  return client
}

function text(bucket: string, pick: (s: SiteModel) => readonly string[] | undefined, story: number): string {
  return pick(site)?.[story] ?? `missing text in ${bucket}`
}

describe('filing from a page form', () => {
  it.each([[0], [1]])(
    'files a case through the home form and shows the bucket thanks in the storyline %i (post/redirect/get)',
    async (story) => {
      const client = visitor(site.storylines[story])
      const response = await fileThrough(client, base, '/', 'potholes', {
        street: unique('Mill Lane'),
        kind: 'pothole',
      })
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toMatch(/^\/\?filed=[A-Za-z0-9_-]+$/)
      const { status, html } = await openPage(client, `${base}${response.headers.get('location')}`)
      expect(status).toBe(200)
      const box = /<div class="status" role="status">([\s\S]*?)<\/div><h1>/.exec(html)?.[1] ?? ''
      const thanks = site.buckets.get('potholes')?.thanks ?? []
      const bold = (t: string | undefined) => /\*\*(.+?)\*\*/.exec(t ?? '')?.[1] ?? 'no bold text'
      expect(box).toContain(`<strong>${escaped(bold(thanks[story]))}</strong>`)
      expect(box).not.toContain(escaped(bold(thanks[1 - story])))
      expect(box).toContain('href="/my-reports"')
    },
  )

  it("Self transition: the submitter's own move; when `from` is omitted, only the initial state counts", async () => {
    const client = visitor()
    const street = unique('Self Lane')
    const id = filedId(await fileThrough(client, base, '/', 'potholes', { street, kind: 'crack' }))
    const mine = await openPage(client, `${base}/my-reports`)
    const item = listItem(mine.html, street) ?? ''
    expect(item).toContain(escaped(text('potholes', (s) => s.buckets.get('potholes')?.states[0]?.label, 0)))
    const buttons = selfMoveButtons(mine.html, base, id)
    // `withdraw` has no `from`: offered in the initial state; `still_broken` (from fixed) is not.
    expect(buttons.map((b) => b.label)).toEqual(['Withdraw report'])
    const withdraw = buttons[0]
    if (withdraw === undefined) throw new Error('no withdraw button')
    expect(withdraw.hidden).toMatchObject({ svc_edge: 'withdraw', svc_page: '/my-reports' })

    // A self move that closes the case asks again first, as a desk's confirm: true does; the case stays as it was.
    const asked = await postForm(client, withdraw.action, withdraw.hidden)
    expect(asked.status).toBe(200)
    const question = await asked.text()
    expect(mainOf(question)).toContain('<h1>Withdraw report?</h1>')
    expect(mainOf(question)).toContain('This closes your case')
    expect(mainOf(question)).toMatch(
      /<a class="button button-secondary" href="\/my-reports">No, keep my case open<\/a>/,
    )
    expect(listItem((await openPage(client, `${base}/my-reports`)).html, street)).toContain('Received')
    const confirm = confirmForm(question, base)
    const moved = await postForm(client, confirm.action, confirm.hidden)
    expect(moved.status).toBe(303)
    expect(moved.headers.get('location')).toBe(`/my-reports?moved=${id}`)
    const after = await openPage(client, `${base}${moved.headers.get('location')}`)
    expect(after.html).toMatch(/role="status"><p>Done\. Your case “[^”]+” is now: <strong>Withdrawn<\/strong>/)
    expect(listItem(after.html, street)).toContain('<span class="record-state">Withdrawn</span>')
    // Out of the initial state, withdraw is no longer offered, nor taken from
    // a button drawn before (another tab: its own one-time token).
    expect(selfMoveButtons(after.html, base, id)).toEqual([])
    const again = await postForm(client, withdraw.action, {
      ...withdraw.hidden,
      svc_submission: randomBytes(16).toString('base64url'),
    })
    expect(again.status).toBe(409)
    expect(await again.text()).toContain('This case was just changed')
  })

  it("shows a visitor only their own cases, and refuses moving someone else's", async () => {
    const owner = visitor()
    const street = unique('Owner Lane')
    const id = filedId(await fileThrough(owner, base, '/', 'potholes', { street, kind: 'drain' }))
    const withdraw = selfMoveButtons((await openPage(owner, `${base}/my-reports`)).html, base, id)[0]
    const other = visitor()
    const theirs = await openPage(other, `${base}/`)
    expect(mainOf((await openPage(other, `${base}/my-reports`)).html)).not.toContain(escaped(street))
    const csrf = bucketForm(theirs.html, base, 'potholes').hidden.svc_csrf ?? ''
    const refused = await postForm(other, withdraw?.action ?? new URL(base), { ...withdraw?.hidden, svc_csrf: csrf })
    expect(refused.status).toBe(404)
    expect(listItem((await openPage(owner, `${base}/my-reports`)).html, street)).toContain('Received')
  })
})
