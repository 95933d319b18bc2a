// Form posts refused or narrowed: what is checked before anything is filed.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { escaped } from '../support/demo-site'
import { startServer, type RunningServer } from '../support/server'
import { bucketForm, createCookieFetch, fileThrough, listItem, mainOf, openPage, postForm } from './visitor-client'

let server: RunningServer
let base: string
beforeAll(async () => {
  server = await startServer()
  base = server.url
})
afterAll(() => server?.stop())

const unique = (what: string) => `${what} ${randomBytes(4).toString('hex')}`

function visitor(storyline = 'plain') {
  const client = createCookieFetch()
  client.setCookie(base, 'svc_story', storyline)
  return client
}

describe('a form post that cannot be taken as it is', () => {
  it('re-renders a refused form with 422, an error summary, errors beside the fields and the input kept', async () => {
    const client = visitor()
    const details = 'Deep <hole> & "wide"\nsecond line'
    const response = await fileThrough(client, base, '/', 'potholes', {
      street: '',
      email: 'not-an-email',
      details,
      traffic: 'Bus route',
    })
    expect(response.status).toBe(422)
    const html = await response.text()
    expect(html).toContain('<div class="error-summary" role="alert"')
    expect(html).toContain('href="#f-potholes-street"')
    for (const field of ['street', 'email', 'kind']) {
      expect(html).toMatch(new RegExp(`<p class="field-error-message" id="f-potholes-${field}-error">`))
    }
    expect(html).toMatch(
      /<input type="email"[^>]*id="f-potholes-email"[^>]*aria-invalid="true"[^>]*value="not-an-email">/,
    )
    expect(html).toContain(`>\n${escaped(details)}</textarea>`)
    expect(html).toMatch(/value="Bus route" checked>/)
    // The page is the page again, forms working: it still carries its CSRF token and page.
    expect(bucketForm(html, base, 'potholes').hidden).toMatchObject({ svc_page: '/' })
    expect(mainOf((await openPage(client, `${base}/my-reports`)).html)).toContain('Nothing here yet.')
  })

  it("refuses a post without the session's CSRF token with 403 and files nothing", async () => {
    const client = visitor()
    const street = unique('Forged Lane')
    const { html } = await openPage(client, `${base}/`)
    const form = bucketForm(html, base, 'potholes')
    const { svc_csrf: _token, ...rest } = form.hidden
    expect((await postForm(client, form.action, { ...rest, street, kind: 'pothole' })).status).toBe(403)
    expect(
      (await postForm(client, form.action, { ...rest, svc_csrf: 'guessed', street, kind: 'pothole' })).status,
    ).toBe(403)
    // A cookie-less post (another site's form) is refused the same way.
    expect((await postForm(createCookieFetch(), form.action, { ...form.hidden, street, kind: 'pothole' })).status).toBe(
      403,
    )
    expect(mainOf((await openPage(client, `${base}/my-reports`)).html)).not.toContain(escaped(street))
  })

  it("stores only the bucket's fields: unknown and service fields and text posing as a file are dropped", async () => {
    const client = visitor()
    const street = unique('Stray Lane')
    const marker = unique('STRAY-MARKER')
    const response = await fileThrough(client, base, '/', 'potholes', {
      street,
      kind: 'kerb',
      favourite: marker,
      state: 'closed',
      submitter: 'someone-else',
      photo: 'uploads/secret',
    })
    expect(response.status).toBe(303)
    const item = listItem((await openPage(client, `${base}/my-reports`)).html, street) ?? ''
    expect(item).toContain('Received')
    expect(item).not.toContain(marker)
    expect(item).not.toContain('uploads/secret')
    // A file field holds only a key the server made: nothing is attached.
    expect(item).not.toContain('A file is attached')
  })

  it('takes a post only from a page that carries a form for the bucket', async () => {
    const client = visitor()
    const form = bucketForm((await openPage(client, `${base}/`)).html, base, 'potholes')
    const fields: Record<string, string> = { ...form.hidden, street: unique('Nowhere Lane'), kind: 'pothole' }
    expect((await postForm(client, form.action, { ...fields, svc_page: '/about' })).status).toBe(400)
    expect((await postForm(client, form.action, { ...fields, svc_page: 'https://evil.example/' })).status).toBe(400)
    const { svc_page: _page, ...noPage } = fields
    expect((await postForm(client, form.action, noPage)).status).toBe(400)
    // A record page's form names its record, and only a record the visitor may see.
    expect(
      (await postForm(client, form.action, { ...fields, svc_page: '/districts/nosuch', svc_record: 'nosuch' })).status,
    ).toBe(400)
  })

  it('answers a bucket the content does not have with 410 and an oversized body with 413', async () => {
    const client = visitor()
    const form = bucketForm((await openPage(client, `${base}/`)).html, base, 'potholes')
    const gone = await postForm(client, new URL('/file/pothole_archive', base), { ...form.hidden, street: 'x' })
    expect(gone.status).toBe(410)
    expect(await gone.text()).toContain('This form is no longer here')
    const huge = await postForm(client, form.action, { ...form.hidden, street: 'x', details: 'a'.repeat(70_000) })
    expect(huge.status).toBe(413)
    expect(await huge.text()).toContain('Too much was sent')
  })

  it('gives an anonymous reader no session, and a visitor cookie only with a form', async () => {
    const cookies = async (path: string) =>
      (await fetch(`${base}${path}`, { headers: { cookie: 'svc_story=plain' } })).headers.getSetCookie()
    const about = await cookies('/about')
    expect(about.filter((line) => /^svc_(session|visitor)=/.test(line))).toEqual([])
    const withForm = await cookies('/')
    expect(withForm.some((line) => line.startsWith('svc_session='))).toBe(false)
    expect(withForm.some((line) => line.startsWith('svc_visitor='))).toBe(true)
  })
})
