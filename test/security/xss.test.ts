// XSS: markup smuggled into a page through the content (an author's or a
// compromised repository's text) or through a filed value (anyone's), read
// back by a visitor, a caseworker on a desk, or the public list. The service
// writes no script of its own, so any script, event handler or script URL
// on a page is the attacker's.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moveForms } from '../desk/desk-world'
import { readPage, textOf } from '../desk/page'
import { DEMO } from '../support/server'
import { fileThrough, filedId, openPage, postForm } from '../visitor/visitor-client'
import { startDevSite, type DevSite } from './dev-site'

const SITE_NAME = 'Fix <script>alert("xss-name")</script> Street'
const LABEL = '"><svg onload=alert("xss-label")>'
const ABOUT = [
  `title: ['<script>alert("xss-title")</script> About', "Who we are"]`,
  'blocks:',
  '  - text:',
  '      - |',
  `        <script>alert("xss-md")</script> <img src=x onerror="alert('xss-img')">`,
  '',
  `        [click me](javascript:alert('xss-link')) [tab](java&#9;script:alert(1)) ![pic](javascript:alert('xss-pic'))`,
  '',
  '        <a href="javascript:alert(1)" onclick="alert(1)">raw</a> [data](data:text/html;base64,PHNjcmlwdD4=)',
  '      - Who we are',
  '',
].join('\n')

const STREET = '<script>alert("xss-street")</script> Mill Lane'
const DETAILS = `"></textarea><img src=x onerror=alert('xss-details')><a href="javascript:alert(1)">x</a>`

let site: DevSite
beforeAll(async () => {
  const demo = (path: string) => readFileSync(join(DEMO, path), 'utf8')
  site = await startDevSite({
    'site.yaml': demo('site.yaml').replace(/^name: .*$/m, `name: ${JSON.stringify(SITE_NAME)}`),
    'buckets/potholes.yaml': demo('buckets/potholes.yaml').replace(
      'label: ["Street and nearest house number", "Which street is it on?"]',
      `label: [${JSON.stringify(LABEL)}, "Which street?"]`,
    ),
    'pages/about/index.yaml': ABOUT,
  })
})
afterAll(() => site?.stop())

const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'poster', 'data']

// Tags and attributes read the way a browser's tokenizer reads them, quoted or
// not (ultrahtml, which the other helpers use, misreads unquoted attributes).
const TAG = /<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g

/** Everything on the page that would run: script-like elements, event handlers, script or data URLs. */
function activeMarkup(html: string): string[] {
  const found: string[] = []
  for (const [tag, name = ''] of html.matchAll(TAG)) {
    // The service's own script, served from its build (/pkg), is not markup a value brought in.
    if (/^<script src="\/pkg\/map\.[0-9a-f]+\.js" defer>$/.test(tag)) continue
    // Nor is the state diagram the desk draws (class "sd"); its attributes are still checked below.
    const diagram = /^<svg class="sd" viewBox="[\d. ]+" /.test(tag)
    if (['script', 'svg', 'iframe', 'object', 'embed', 'base'].includes(name.toLowerCase()) && !diagram) found.push(tag)
    for (const [, attribute = '', ...values] of tag.slice(name.length + 1).matchAll(ATTRIBUTE)) {
      const value = values.find((v) => v !== undefined) ?? ''
      if (/^on/i.test(attribute)) found.push(tag)
      const url = value
        .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
        .replace(/[\s\u0000-\u001f]/g, '')
        .toLowerCase()
      if (URL_ATTRIBUTES.includes(attribute.toLowerCase()) && /^(javascript|vbscript|data):/.test(url)) found.push(tag)
    }
  }
  return found
}

/** The page shows `text` as text, and nothing on it would run. */
function expectInert(html: string, text: string, where: string): void {
  expect(activeMarkup(html), where).toEqual([])
  expect(textOf(readPage(html).one('body')), where).toContain(text)
}

describe('XSS in content', () => {
  it('a site name, page title and Markdown with HTML, script links and event handlers render as text', async () => {
    // The check itself sees what a browser would run.
    expect(
      activeMarkup(
        '<p><img src=x onerror=a()><a href=" java&#9;script:x">y</a><script>z</script><input value="&quot; ' +
          'onfocus=&quot;a()"></p>',
      ),
    ).toHaveLength(3)
    const { status, html } = await openPage(site.visitor(), `${site.base}/about`)
    expect(status).toBe(200)
    expectInert(html, '<script>alert("xss-md")</script>', '/about')
    expect(readPage(html).text('title')).toContain('<script>alert("xss-title")</script>')
    expect(textOf(readPage(html).one('body'))).toContain(SITE_NAME)
    expect(
      readPage(html)
        .all('a')
        .map((a) => textOf(a)),
    ).not.toContain('click me')
  })

  it('a field label with quotes and markup stays inside its label', async () => {
    const { html } = await openPage(site.visitor(), `${site.base}/`)
    expectInert(html, LABEL, 'home form')
  })
})

describe('XSS in filed values', () => {
  let id: string
  beforeAll(async () => {
    const visitor = site.visitor()
    id = filedId(
      await fileThrough(visitor, site.base, '/', 'potholes', { street: STREET, kind: 'pothole', details: DETAILS }),
    )
    const mine = await openPage(visitor, `${site.base}/my-reports`)
    expectInert(mine.html, STREET, '/my-reports')
    const thanks = await openPage(visitor, `${site.base}/?filed=${id}`)
    expect(activeMarkup(thanks.html)).toEqual([])
  })

  it('a refused form gives the values back inside their inputs, inert', async () => {
    const response = await fileThrough(site.visitor(), site.base, '/', 'potholes', { street: STREET, details: DETAILS })
    expect(response.status).toBe(422)
    const html = await response.text()
    expect(activeMarkup(html)).toEqual([])
    expect(readPage(html).all('textarea').map(textOf).join('')).toContain(DETAILS)
  })

  it('a caseworker reads them on the desk listing, the record page and the staff page, inert', async () => {
    const kari = await site.as('kari')
    for (const path of ['/desk/caseworkers', `/desk/caseworkers/potholes/${id}`, '/staff']) {
      const { status, html } = await openPage(kari, `${site.base}${path}`)
      expect(status, path).toBe(200)
      expectInert(html, STREET, path)
    }
    const record = await openPage(kari, `${site.base}/desk/caseworkers/potholes/${id}`)
    expect(textOf(readPage(record.html).one('body'))).toContain(DETAILS)
  })

  it('the CSV export is a download of text, never a page', async () => {
    const kari = await site.as('kari')
    const csv = await kari(`${site.base}/desk/caseworkers/potholes/export.csv`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment/)
    expect(csv.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await csv.text()).toContain('alert(""xss-street"")')
  })

  it('once public, everyone reads them on the home page list, inert', async () => {
    const kari = await site.as('kari')
    const page = await kari(`${site.base}/desk/caseworkers/potholes/${id}`)
    const accept = moveForms({
      status: page.status,
      headers: page.headers,
      body: '',
      page: readPage(await page.text()),
    }).find((m) => m.fields.edge === 'accept')
    expect(accept).toBeDefined()
    expect((await postForm(kari, new URL(accept?.action ?? '', site.base), accept?.fields ?? {})).status).toBe(303)
    const { html } = await openPage(site.visitor(), `${site.base}/`)
    expectInert(html, STREET, 'home list')
  })

  it('a path with markup is shown on the not-found page as text', async () => {
    const response = await site.visitor()(`${site.base}/%3Cscript%3Ealert(%22xss-path%22)%3C%2Fscript%3E`)
    expect(response.status).toBe(404)
    expect(activeMarkup(await response.text())).toEqual([])
  })
})
