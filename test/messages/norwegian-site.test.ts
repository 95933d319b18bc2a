// A site with `language: nb` shows the service's own texts in Norwegian
// Bokmål on every main screen: no English catalogue text is left on it, a
// `messages:` override is shown in place of the built-in text.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { en } from '../../server/messages/en'
import { nb } from '../../server/messages/nb'
import { launchChromium, signedInPage } from '../support/browser'
import { DEMO, startDevServer, type RunningServer } from '../support/server'
import { bucketForm, createCookieFetch, fileThrough, openPage, postForm } from '../visitor/visitor-client'

const OVERRIDE = 'Noe mangler i skjemaet'
const GONE = 'Her var det tomt'

let server: RunningServer & { readonly site: string }
let browser: Browser
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-nb-site-'))
  cpSync(DEMO, dir, { recursive: true })
  const siteYaml = readFileSync(join(dir, 'site.yaml'), 'utf8').replace(/^language: en$/m, 'language: nb')
  const messages = `messages:\n  form.problem: ${OVERRIDE}\n  error.404: [Fant ikke siden, ${GONE}]\n`
  writeFileSync(join(dir, 'site.yaml'), `${siteYaml}${messages}`)
  // Kari (a development sign-in) answers for a page too, so the suggestion screens can be seen.
  const potholes = readFileSync(join(dir, 'pages/potholes.yaml'), 'utf8')
  writeFileSync(
    join(dir, 'pages/potholes.yaml'),
    potholes.replace(/^responsible:\n/m, 'responsible:\n  - { name: Kari Caseworker, email: kari@example.org }\n'),
  )
  ;[server, browser] = await Promise.all([startDevServer({ CONTENT_REPO: dir }), launchChromium()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

// The literal words of each English message that Norwegian says otherwise; short
// ones ("Send", "Filed") could be the content's own words, so only phrases count.
const ENGLISH = (Object.keys(en) as (keyof typeof en)[])
  .filter((id) => en[id] !== nb[id] && id !== 'form.problem')
  .flatMap((id) => en[id].split(/\{[a-z]+\}/))
  .map((piece) => piece.trim())
  .filter((piece) => piece.length >= 12 || (piece.includes(' ') && piece.length >= 7))

function englishIn(html: string): string[] {
  const text = html
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
  return ENGLISH.filter((piece) => text.includes(piece))
}

function visitor() {
  const client = createCookieFetch()
  client.setCookie(server.site, 'svc_story', 'plain')
  return client
}

describe('the service in the site language (language: nb)', () => {
  it('shows no English service text on the visitor screens, errors and refusals', async () => {
    const client = visitor()
    const seen = new Map<string, { status: number; html: string }>()
    for (const path of ['/', '/about', '/nowhere', '/staff', '/report', '/desk/caseworkers', '/auth/sign-out', '/my'])
      seen.set(path, await openPage(client, `${server.site}${path}`))
    seen.set('/my/potholes/none', await openPage(client, `${server.site}/my/potholes/aaaaaaaaaaaaaaaaaaaaaaaa`))
    const refused = await fileThrough(client, server.site, '/', 'potholes', { street: '', email: 'not-an-email' })
    seen.set('refused form', { status: refused.status, html: await refused.text() })
    const form = bucketForm(seen.get('/')?.html ?? '', server.site, 'potholes')
    const forged = await postForm(client, form.action, { ...form.hidden, svc_csrf: 'guessed', street: 'Storgata 1' })
    seen.set('forged form', { status: forged.status, html: await forged.text() })

    expect(seen.get('/nowhere')?.status).toBe(404)
    expect(seen.get('/nowhere')?.html).toContain('<h1>Fant ikke siden</h1>')
    expect(seen.get('/nowhere')?.html).toContain('<html lang="nb">')
    expect(seen.get('refused form')?.status).toBe(422)
    expect(seen.get('refused form')?.html).toContain('Skriv et svar')
    expect(seen.get('forged form')?.status).toBe(403)
    expect(seen.get('/')?.html).toContain('>Meny</summary>')
    for (const [screen, { html }] of seen) expect(englishIn(html), screen).toEqual([])
    // The check itself finds English when there is some.
    expect(englishIn(`<h1>${en['error.404']}</h1><p>${en['not-found.mistyped']}</p>`)).toHaveLength(2)
  })

  it("shows the site's own wording of a message from messages: in place of the built-in one", async () => {
    const refused = await fileThrough(visitor(), server.site, '/', 'potholes', { street: '' })
    const html = await refused.text()
    expect(html).toContain(`>${OVERRIDE}</h2>`)
    expect(html).not.toContain(nb['form.problem'])
  })

  it('an error page, from a page or from a thrown error, in the storyline of the visitor and its override', async () => {
    const asStory = { accept: 'text/html', cookie: 'svc_story=story' }
    const missing = await fetch(`${server.site}/nowhere`, { headers: asStory })
    expect(await missing.text()).toContain(`<h1>${GONE}</h1>`)
    // No webhook secret is set, so the push hook is not there: a 404 thrown to the error handler.
    const thrown = await fetch(`${server.site}/hooks/content`, { method: 'POST', headers: asStory })
    expect(thrown.status).toBe(404)
    const html = await thrown.text()
    expect(html).toContain(`<h1>${GONE}</h1>`)
    expect(html).toContain('Feil 404')
    expect(html).toContain(`<p>${nb['error.not-found']}</p>`)
    expect(englishIn(html)).toEqual([])
  })

  it('shows no English service text on a desk, its case page, its People view and the account page', async () => {
    const filed = await fileThrough(visitor(), server.site, '/', 'potholes', {
      street: 'Storgata 1',
      kind: 'pothole',
      email: 'ann@example.org',
    })
    expect(filed.status).toBe(303)
    const page = await signedInPage(browser, server.site, 'Kari Caseworker', '/desk/caseworkers')
    const desk = await page.content()
    expect(englishIn(desk)).toEqual([])
    await page.getByRole('link', { name: 'Storgata 1' }).first().click()
    await page.waitForURL(/\/desk\/caseworkers\/potholes\//)
    const record = await page.content()
    expect(record).toContain('Historikk')
    expect(englishIn(record)).toEqual([])
    await page.goto(`${server.site}/desk/caseworkers/people`)
    const people = await page.content()
    expect(people).toContain('Inviter noen')
    expect(englishIn(people)).toEqual([])
    await page.goto(`${server.site}/my`)
    const account = await page.content()
    expect(account).toContain('<h1>Kontoen din</h1>')
    expect(englishIn(account)).toEqual([])
    await page.context().close()
  })

  it('shows no English on the suggestion screens, refused or not, nor in the plain answers (Bokmål sweep)', async () => {
    const page = await signedInPage(browser, server.site, 'Kari Caseworker', '/potholes')
    const offer = await page.content()
    expect(offer).toContain(nb['suggest.link'])
    await page.goto(`${server.site}/suggest?page=${encodeURIComponent('/potholes')}`)
    const form = await page.content()
    expect(form).toContain(nb['suggest.send'])
    expect(englishIn(form)).toEqual([])
    await page.getByRole('button', { name: nb['suggest.send'] }).click()
    const unchanged = await page.content()
    expect(unchanged).toContain(nb['suggest.problem.unchanged'])
    expect(englishIn(unchanged)).toEqual([])
    await page.goto(`${server.site}/desk/caseworkers/suggestions`)
    const desk = await page.content()
    expect(desk).toContain(nb['suggestions.desk.empty'])
    expect(englishIn(desk)).toEqual([])
    await page.context().close()

    const file = await fetch(`${server.site}/attachment/potholes/aaaaaaaaaaaaaaaa/photo`)
    const tile = await fetch(`${server.site}/tiles/1/2/3.png`)
    expect([file.status, await file.text()]).toEqual([404, `${nb['plain.no-file']}\n`])
    expect([tile.status, await tile.text()]).toEqual([404, `${nb['plain.no-tile']}\n`])
  })
})
