// Issue #14, item 7: a browser that opened the site at another address than
// PUBLIC_URL cannot finish a sign-in there (its sign-in cookie is on one
// name, the provider sends it back to the other). It is told so, and what to
// check, when it starts; a proxy that passes its own Host, a link from another
// site and a browser that does not say where it is change nothing.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findAddressMismatch } from '../../server/sign-in/address-mismatch'
import { axeViolations } from '../a11y/axe'
import { launchChromium } from '../support/browser'
import { rawRequest } from '../support/raw-http'
import { createCookieFetch } from './cookie-fetch'
import { KARI } from './people'
import { signInUntilCallback } from './sign-in-flow'
import { startServiceWithIdp, type ServiceWithIdp } from './service-with-idp'

let run: ServiceWithIdp
let browser: Browser
beforeAll(async () => {
  ;[run, browser] = await Promise.all([startServiceWithIdp({ accounts: [KARI] }), launchChromium()])
})
afterAll(async () => {
  await browser?.close()
  await run?.stop()
})

describe('Sign-in at another address than PUBLIC_URL (issue #14, item 7)', () => {
  it('a browser on localhost while PUBLIC_URL is 127.0.0.1 is told to check PUBLIC_URL, with a link to the right address', async () => {
    const publicUrl = run.service
    const other = publicUrl.replace('127.0.0.1', 'localhost')
    const page = await (await browser.newContext()).newPage()
    await page.goto(`${other}/about`)
    await page.getByRole('link', { name: 'Sign in', exact: true }).first().click()
    await page.waitForLoadState()
    expect(new URL(page.url()).origin).toBe(other)
    await expect(page.locator('h1').textContent()).resolves.toBe("Sign in at the site's own address")
    const text = (await page.locator('main').textContent()) ?? ''
    expect(text).toContain(
      `This site signs in at ${publicUrl} (its PUBLIC_URL), but your browser has it open at ${other}`,
    )
    expect(text).toContain(`whoever runs the site should set PUBLIC_URL to it`)
    await expect(axeViolations(page)).resolves.toEqual([])
    const link = page.getByRole('link', { name: `Sign in at ${publicUrl}` })
    await expect(link.getAttribute('href')).resolves.toBe(`${publicUrl}/auth/sign-in?return=%2Fabout`)
    // The link leads on to the provider from the right address.
    const [request] = await Promise.all([page.waitForRequest((r) => r.url().startsWith(run.idpUrl)), link.click()])
    expect(new URL(request.url()).searchParams.get('redirect_uri')).toBe(`${publicUrl}/auth/callback`)
    await page.context().close()
  })

  it('the hint only when the browser says where it is: a proxy passing its own Host, another site, no headers all go on to the provider', async () => {
    const service = run.service
    const start = (headers: Record<string, string>) => rawRequest(service, '/auth/sign-in?return=%2F', { headers })
    for (const [why, headers] of [
      ['the right address', { 'sec-fetch-site': 'same-origin', referer: `${service}/about` }],
      [
        'a proxy that passes its own Host',
        { host: 'svc-backend:8080', 'sec-fetch-site': 'same-origin', referer: `${service}/` },
      ],
      ['a link from another site', { 'sec-fetch-site': 'cross-site', referer: 'https://elsewhere.example/' }],
      ['a client that says nothing', {}],
    ] as const) {
      const answer = await start(headers)
      expect(answer.status, why).toBe(302)
      expect(String(answer.headers.location), why).toMatch(new RegExp(`^${run.idpUrl}/`))
    }
    const wrong = await start({ 'sec-fetch-site': 'same-origin', referer: `http://10.0.0.9:3000/about` })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toContain('your browser has it open at http://10.0.0.9:3000')
  })

  it('a sign-in begun at another address without the browser saying so ends on a page naming the address to use', async () => {
    const publicUrl = run.service
    const other = publicUrl.replace('127.0.0.1', 'localhost')
    // As from a bookmark or a typed address: no Sec-Fetch-Site, so the start cannot tell, and the provider
    // sends the browser back to PUBLIC_URL, where it began nothing.
    const { callback } = await signInUntilCallback(createCookieFetch(), other, 'kari', '/about', publicUrl)
    const page = await (await browser.newContext()).newPage()
    const answer = await page.goto(callback.href)
    expect(answer?.status()).toBe(400)
    await expect(page.locator('h1').textContent()).resolves.toBe('Sign-in did not complete')
    const text = (await page.locator('main').textContent()) ?? ''
    expect(text).toContain(`this browser began no sign-in at ${publicUrl}`)
    expect(text).toContain('localhost where the site says 127.0.0.1')
    await expect(axeViolations(page)).resolves.toEqual([])
    const link = page.getByRole('link', { name: `Sign in at ${publicUrl}` })
    await expect(link.getAttribute('href')).resolves.toBe(`${publicUrl}/auth/sign-in?return=%2F`)
    const [request] = await Promise.all([page.waitForRequest((r) => r.url().startsWith(run.idpUrl)), link.click()])
    expect(new URL(request.url()).searchParams.get('redirect_uri')).toBe(`${publicUrl}/auth/callback`)
    await page.context().close()
  })

  it('the same host name on another port reaches the cookie; an https PUBLIC_URL is not reached from plain http', () => {
    const callbacks = ['https://svc.example/auth/callback']
    expect(findAddressMismatch(callbacks, 'https://svc.example:8443/x')).toBeNull()
    expect(findAddressMismatch(callbacks, 'http://svc.example/x')).toEqual({
      used: 'http://svc.example',
      expected: 'https://svc.example',
    })
    expect(findAddressMismatch(callbacks, 'https://www.svc.example/')?.used).toBe('https://www.svc.example')
    expect(findAddressMismatch(callbacks, 'not a url')).toBeNull()
    expect(findAddressMismatch(callbacks, null)).toBeNull()
    const loopback = ['http://localhost:3000/auth/callback', 'http://127.0.0.1:3000/auth/callback']
    expect(findAddressMismatch(loopback, 'http://127.0.0.1:3000/')).toBeNull()
  })
})
