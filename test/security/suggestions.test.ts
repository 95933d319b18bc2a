// Edit suggestions under attack: someone the page does not name, a form
// from before the page changed, script in the text, and a megabyte of it.
// Each is refused or made harmless, and nothing is kept that should not be.
import { simpleParser } from 'mailparser'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import { openSuggestForm, postSuggestion, readSuggestForm, suggest, suggestPath } from '../suggestions/suggest-client'
import { announcePush, untilServed } from '../support/content-push'
import { startDevSite, type DevSite } from './dev-site'

const SECRET = 'suggestions-webhook-secret'
const PAGE = '/potholes'
const KNORD = 'kari.nordmann@example.org'
const dataDir = mkdtempSync(join(tmpdir(), 'svc-suggestions-security-'))
let site: DevSite
beforeAll(async () => {
  site = await startDevSite({}, { CONTENT_WEBHOOK_SECRET: SECRET, DATA_DIR: dataDir })
})
afterAll(async () => {
  await site?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** The suggestions the caseworkers' desk lists, as Kari sees them. */
const deskList = async () => (await (await site.as('kari'))(`${site.base}/desk/caseworkers/suggestions`)).text()

/** Changes the page file on disk and has the service reload it, as a push does. */
async function pushPage(file: string, change: (text: string) => string, expect: string): Promise<void> {
  const path = join(site.content, file)
  writeFileSync(path, change(readFileSync(path, 'utf8')))
  await announcePush(site.base, SECRET)
  await untilServed(site.base, PAGE, expect)
}

describe('Security: edit suggestions', () => {
  it('Accounts the content mandates 6 (own pages only): someone the page does not name gets 404 for the form and the post, and nothing is kept', async () => {
    const nora = await site.as('nora')
    expect((await openSuggestForm(nora, site.base, PAGE)).status).toBe(404)
    // A post made by hand, with her own session's CSRF token.
    const csrf = /name="svc_csrf" value="([^"]+)"/.exec(await (await nora(`${site.base}/`)).text())?.[1] ?? ''
    const crafted = await postSuggestion(
      nora,
      site.base,
      PAGE,
      { status: 200, html: '', hidden: { svc_csrf: csrf, svc_submission: 'A'.repeat(22), revision: 'x' }, boxes: {} },
      { 'title.0': 'Hacked' },
    )
    expect(crafted.status).toBe(404)
    // Named on one page is not named on another.
    const knord = await site.as(KNORD)
    expect((await openSuggestForm(knord, site.base, '/about')).status).toBe(404)
    // Nobody signed in is asked to sign in.
    const anyone = site.visitor()
    expect((await openSuggestForm(anyone, site.base, PAGE)).status).toBe(403)
    expect((await anyone(`${site.base}${suggestPath(PAGE)}`, { method: 'POST', body: '' })).status).toBe(403)
    expect(await deskList()).toContain('No suggestions yet.')
  })

  it('Accounts the content mandates 6 (checked): a form from before the page changed is refused with the text it has now, the words kept', async () => {
    const knord = await site.as(KNORD)
    const form = await openSuggestForm(knord, site.base, PAGE)
    await pushPage(
      'pages/potholes.yaml',
      (text) => text.replace('Dangerous damage is repaired first.', 'Dangerous damage goes first.'),
      'Dangerous damage goes first.',
    )
    const typed = (form.boxes['block-0.0'] ?? '').replace('Questions?', 'Any questions?')
    const stale = await postSuggestion(knord, site.base, PAGE, form, { 'block-0.0': typed })
    expect(stale.status).toBe(409)
    expect(stale.html).toContain('The page changed while you wrote')
    expect(stale.html).toMatch(/Now on the page:<\/p><pre>[^<]*Dangerous damage goes first\./)
    expect(stale.html).toContain('Any questions?')
    expect(await deskList()).toContain('No suggestions yet.')
    // Sent again from the refused form, which now carries the page as it is, it goes.
    const refused = readSuggestForm(stale.status, stale.html)
    expect((await postSuggestion(knord, site.base, PAGE, refused, {})).status).toBe(303)
  })

  it('XSS: script in a suggested text is kept as text and escaped in the refused form, on the desk and in the mail', async () => {
    const knord = await site.as(KNORD)
    const script = '<script>alert("suggested")</script><img src=x onerror=alert(1)>'
    const refused = await suggest(knord, site.base, PAGE, { 'block-0.0': `${script}\n![x](/site/nope.png)\n` })
    expect(refused.status).toBe(422)
    expect(refused.html).toContain('&lt;script&gt;alert(&quot;suggested&quot;)&lt;/script&gt;')
    expect(refused.html).not.toContain('<script>alert')
    const sent = await suggest(knord, site.base, PAGE, { 'title.0': `Potholes ${script}` })
    expect(sent.status).toBe(303)
    const desk = await deskList()
    expect(desk).toContain(
      '[added: </span>Potholes &lt;script&gt;alert(&quot;suggested&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;',
    )
    expect(desk).not.toContain('<script>alert')
    expect(desk).not.toContain('<img src=x')
    const outbox = join(dataDir, 'outbox')
    const inboxMail = async () => {
      for (const name of readdirSync(outbox)) {
        const mail = await simpleParser(readFileSync(join(outbox, name)))
        if (mail.text?.includes('alert("suggested")')) return mail
      }
      return undefined
    }
    await waitFor(async () => (await inboxMail()) !== undefined, 15_000, 'the suggestion in the outbox')
    const mail = await inboxMail()
    expect(mail?.text).toContain(`+Potholes ${script}`)
    expect(mail?.html).toContain('&lt;script&gt;alert(&quot;suggested&quot;)&lt;/script&gt;')
    expect(mail?.html).not.toContain('<script>alert')
    expect(mail?.html).not.toContain('<img src=x')
  })

  it('CSRF and IDOR: a suggestion without its token or from another site is refused; only the desk moves one', async () => {
    const knord = await site.as(KNORD)
    const before = await deskList()
    const form = await openSuggestForm(knord, site.base, PAGE)
    const typed = { 'title.0': 'Sent from elsewhere' }
    const noToken = await postSuggestion(knord, site.base, PAGE, form, typed, { svc_csrf: '' })
    expect(noToken.status).toBe(403)
    const crossSite = await knord(`${site.base}${suggestPath(PAGE)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ ...form.hidden, ...form.boxes, ...typed }).toString(),
    })
    expect(crossSite.status).toBe(403)
    expect(await deskList()).toBe(before)

    // The sender, or anyone who may not open the suggestions desk, cannot accept one.
    const id = /<li class="suggestion" id="s-([0-9a-f-]+)">/.exec(before)?.[1] ?? ''
    expect(id).not.toBe('')
    for (const person of [KNORD, 'nora']) {
      const browser = await site.as(person)
      const csrf = /name="svc_csrf" value="([^"]+)"/.exec(await (await browser(`${site.base}/`)).text())?.[1] ?? ''
      const moved = await browser(`${site.base}/desk/caseworkers/suggestions`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.base },
        body: new URLSearchParams({ svc_csrf: csrf, id, move: 'accept' }).toString(),
      })
      expect(moved.status, person).toBe(403)
    }
    expect(await deskList()).toBe(before)
  })

  it('Oversized bodies: a megabyte of suggestion is refused before it is read, and nothing is kept', async () => {
    const knord = await site.as(KNORD)
    const before = await deskList()
    const form = await openSuggestForm(knord, site.base, PAGE)
    const huge = await postSuggestion(knord, site.base, PAGE, form, { 'block-0.0': 'x'.repeat(1024 * 1024) })
    expect(huge.status).toBe(413)
    expect(await deskList()).toBe(before)
    expect((await fetch(`${site.base}/healthz`)).status).toBe(200)
  })
})
