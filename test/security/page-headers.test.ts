// Every HTML page carries a strict Content-Security-Policy (scripts and
// styles only from the service's own files, no inline code, no nonce), is
// never framed, keeps its path to the site as a referrer, and asks for the
// location only for the site itself. In Chromium, no page of the demo trips
// the policy, signed in or not.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_HEADERS } from '../../server/http/page-headers'
import { launchChromium, signedInPage } from '../support/browser'
import { startDevServer, type RunningServer } from '../support/server'

let server: RunningServer & { readonly site: string }
let browser: Browser
beforeAll(async () => {
  ;[server, browser] = await Promise.all([startDevServer(), launchChromium()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const html = { accept: 'text/html' }

describe('Security: the headers every page is sent with', () => {
  it('a page, the same page from the page cache, a 404, an error page, the sign-in, account and case pages and the outbox all carry the policy; no page has inline style or script', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/', 200],
      ['/about', 200],
      ['/report', 200],
      ['/no-such-page', 404],
      ['/desk/caseworkers', 403],
      // The service's own pages besides content: sign-in's, the account, the case page, the outbox.
      ['/auth/callback?code=x&state=y', 400],
      ['/auth/sign-out', 200],
      ['/my', 401],
      ['/my/potholes/no-such-case', 404],
      ['/dev/outbox', 200],
    ] as const) {
      const response = await fetch(`${server.site}${path}`, { headers: html })
      expect(response.status, path).toBe(status)
      for (const [name, value] of Object.entries(PAGE_HEADERS))
        expect(response.headers.get(name), `${path} ${name}`).toBe(value)
      const body = await response.text()
      expect(body, path).not.toMatch(/<style|\sstyle="|<script(?![^>]*\ssrc=)|\son[a-z]+="/)
    }
    const csp = PAGE_HEADERS['content-security-policy'] ?? ''
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toContain('nonce-')
  })

  it("the branding stylesheet is a file named by its hash, kept for ever; an older name gets today's, not kept", async () => {
    const page = await (await fetch(`${server.site}/`)).text()
    const href = /<link rel="stylesheet" href="(\/pkg\/theme\/[\w-]+\.css)">/.exec(page)?.[1] ?? ''
    const css = await fetch(`${server.site}${href}`)
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const text = await css.text()
    expect(text).toContain('--color-primary')
    const old = await fetch(`${server.site}/pkg/theme/AAAAAAAAAAAAAAAA.css`)
    expect(old.headers.get('cache-control')).toBe('no-cache')
    expect(await old.text()).toBe(text)
  })

  it('in Chromium no page trips the policy: home, about, report, a desk, its People view and the account page', async () => {
    const violations: string[] = []
    const watch = async (page: Page) => {
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`)
      })
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) => {
          ;(window as unknown as { csp: string[] }).csp ??= []
          ;(window as unknown as { csp: string[] }).csp.push(`${event.violatedDirective} ${event.blockedURI}`)
        }),
      )
    }
    const visit = async (page: Page, path: string) => {
      await page.goto(`${server.site}${path}`)
      const seen = await page.evaluate(() => (window as unknown as { csp?: string[] }).csp ?? [])
      violations.push(...seen.map((v) => `${path}: ${v}`))
      // The branding reached the page through its stylesheet.
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
      )
      expect(primary, path).not.toBe('')
    }
    const visitor = await (await browser.newContext()).newPage()
    await watch(visitor)
    for (const path of ['/', '/about', '/report']) await visit(visitor, path)
    const kari = await signedInPage(browser, server.site, 'Kari Caseworker', '/desk/caseworkers')
    await watch(kari)
    for (const path of ['/desk/caseworkers', '/desk/caseworkers/people', '/my']) await visit(kari, path)
    expect(violations).toEqual([])
  })
})
