// Forms whose bucket asks for sign-in, and forms that outlive their bucket
// when the content is reloaded, on a copy of the demo site served over NATS.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import { publishContentChanged } from '../../server/content/bus-messages'
import { createRecordIndex } from '../../server/records/record-index'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { DEMO, startDevServer, type RunningServer } from '../support/server'
import { signInAs } from './dev-sign-in'
import { bucketForm, createCookieFetch, fileThrough, openPage, postForm, type CookieFetch } from './visitor-client'

const files: Record<string, string> = {
  'buckets/tips.yaml': [
    'title: Tips',
    'sign_in: required',
    'thanks: Your tip is saved.',
    'fields:',
    '  - { name: tip, type: text, label: Your tip, required: true }',
    'states:',
    '  - { name: new, label: New }',
  ].join('\n'),
  'pages/tips.yaml': ['title: Send us a tip', 'blocks:', '  - form: tips'].join('\n'),
  'buckets/notes.yaml': [
    'title: Notes',
    'fields:',
    '  - { name: note, type: text, label: Your note, required: true }',
    'states:',
    '  - { name: new, label: New }',
  ].join('\n'),
  'pages/notes.yaml': ['title: Leave a note', 'blocks:', '  - form: notes'].join('\n'),
}

let content: string
let nats: NatsServer
let server: RunningServer
let bus: Bus
let base: string
beforeAll(async () => {
  content = mkdtempSync(join(tmpdir(), 'svc-visitor-content-'))
  cpSync(DEMO, content, { recursive: true })
  for (const [path, text] of Object.entries(files)) writeFileSync(join(content, path), `${text}\n`)
  nats = await startNatsServer()
  const dev = await startDevServer({ BUS_URL: nats.url, CONTENT_REPO: content })
  server = dev
  base = dev.site
  bus = await createNatsBus({ url: nats.url })
})
afterAll(async () => {
  await bus?.close()
  await server?.stop()
  await nats?.stop()
  rmSync(content, { recursive: true, force: true })
})

function visitor(): CookieFetch {
  const client = createCookieFetch()
  client.setCookie(base, 'svc_story', 'plain')
  return client
}

describe('a bucket with sign_in: required', () => {
  it('asks a signed-out visitor to sign in instead of showing the form, and gives them no session', async () => {
    const response = await visitor()(`${base}/tips`)
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).not.toContain('action="/file/tips"')
    expect(html).toContain(
      `<a class="button" href="/auth/sign-in?return=${encodeURIComponent('/tips')}">Sign in to report</a>`,
    )
    expect(response.headers.getSetCookie().some((line) => line.startsWith('svc_session='))).toBe(false)
  })

  it('sends a post from someone not signed in to sign in, and files once they are', async () => {
    const anon = visitor()
    const refused = await postForm(anon, new URL('/file/tips', base), { svc_page: '/tips', tip: 'Mind the gap' })
    expect(refused.status).toBe(303)
    expect(refused.headers.get('location')).toBe(`/auth/sign-in?return=${encodeURIComponent('/tips')}`)
    const nora = visitor()
    await signInAs(nora, base, 'nora', '/tips')
    const filed = await fileThrough(nora, base, '/tips', 'tips', { tip: 'Mind the gap' })
    expect(filed.status).toBe(303)
    const { html } = await openPage(nora, `${base}${filed.headers.get('location')}`)
    expect(html).toContain('<div class="status" role="status"><div class="thanks"><p>Your tip is saved.</p>')
  })
})

describe('a form whose bucket the content no longer has', () => {
  it('answers 410 with a page that says what to do, and writes nothing', async () => {
    const client = visitor()
    const { html } = await openPage(client, `${base}/notes`)
    const form = bucketForm(html, base, 'notes')
    rmSync(join(content, 'buckets/notes.yaml'))
    rmSync(join(content, 'pages/notes.yaml'))
    publishContentChanged(bus, { reason: 'test' })
    await expect.poll(async () => (await openPage(visitor(), `${base}/notes`)).status, { timeout: 10_000 }).toBe(404)
    const gone = await postForm(client, form.action, { ...form.hidden, note: 'Too late' })
    expect(gone.status).toBe(410)
    const page = await gone.text()
    expect(page).toContain('This form is no longer here')
    expect(page).not.toContain('Too late')
    // A filing is appended before the answer, and an index started now is
    // ready once it has applied everything stored.
    const index = createRecordIndex(bus)
    await index.ready
    expect(index.list('notes', { offset: 0, limit: 10 }).total).toBe(0)
    index.close()
  })
})
