// The README's run mode (SVC_MODE=development, no IDP_URL): the built service
// starts the development provider, and a person signs in with a browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { DEMO_PEOPLE } from '../../server/sign-in/dev-idp/people'
import { launchChromium } from '../support/browser'
import { loadDemo } from '../support/demo-site'
import { startDevServer, type RunningServer } from '../support/server'

let server: RunningServer
let browser: Browser
let site: string
beforeAll(async () => {
  // No PUBLIC_URL: development defaults it to http://localhost:$PORT.
  const [dev, chromium] = await Promise.all([startDevServer(), launchChromium()])
  ;({ site } = dev)
  server = dev
  browser = chromium
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('development sign-in', () => {
  it('says loudly at start that it is not for production', async () => {
    // The provider starts beside the server, just after it listens.
    await expect
      .poll(() => server.output(), { timeout: 5_000 })
      .toMatch(/"level":"warn".*DEVELOPMENT SIGN-IN.*Not for production/)
  })

  it('has demo people in the groups the demo site uses', async () => {
    const demo = await loadDemo()
    const used = new Set([
      ...[...demo.desks.values()].flatMap((desk) => [desk.group, ...desk.invites]),
      ...demo.pages.flatMap((page) => (page.access === 'public' ? [] : page.access)),
    ])
    for (const group of used)
      expect(
        DEMO_PEOPLE.some((person) => person.groups.includes(group)),
        group,
      ).toBe(true)
    expect(DEMO_PEOPLE.some((person) => person.groups.length === 0)).toBe(true)
  })

  it('signs in from 127.0.0.1 as well as from localhost: the browser comes back to the name it opened the site by', async () => {
    const other = site.replace('//localhost:', '//127.0.0.1:')
    expect(other).not.toBe(site)
    const page = await (await browser.newContext()).newPage()
    await page.goto(`${other}/auth/sign-in?return=${encodeURIComponent('/about')}`)
    await page.getByRole('button', { name: 'Sign in as Vera Volunteer' }).click()
    await page.waitForURL(`${other}/about`)
    await expect(page.locator('header .account-name').textContent()).resolves.toBe('Signed in as Vera Volunteer')
    await page.close()
  })

  it("signs a demo person in through the provider's page and back to the return path", async () => {
    const page = await browser.newPage()
    await page.goto(`${site}/auth/sign-in?return=${encodeURIComponent('/about')}`)
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Development sign-in: not for production')
    await page.getByRole('button', { name: 'Sign in as Kari Caseworker' }).click()
    await page.waitForURL(`${site}/about`)
    // Every page's header says who is signed in and offers their desks.
    await expect(page.locator('header .account-name').textContent()).resolves.toBe('Signed in as Kari Caseworker')
    await expect(page.locator('header .account-desks a').first().getAttribute('href')).resolves.toBe(
      '/desk/caseworkers',
    )

    await page.goto(`${site}/auth/me`)
    expect(JSON.parse(await page.locator('body').innerText())).toMatchObject({
      subject: 'kari',
      name: 'Kari Caseworker',
      email: 'kari@example.org',
      groups: ['caseworkers'],
    })

    await page.goto(`${site}/auth/sign-out`)
    await expect(page.locator('main').textContent()).resolves.toContain('You are signed in as Kari Caseworker.')
    await expect(page.getByRole('note').textContent()).resolves.toMatch(/Development mode/)
    await page.locator('main').getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL(`${site}/`)
    await expect(page.locator('header .account a').textContent()).resolves.toBe('Sign in')
    const me = await page.goto(`${site}/auth/me`)
    expect(me?.status()).toBe(401)

    // Signing in again shows the people again, so another person can be chosen.
    await page.goto(`${site}/auth/sign-in?return=${encodeURIComponent('/staff')}`)
    await page.getByRole('button', { name: 'Sign in as Rolf Roads' }).click()
    await page.waitForURL(`${site}/staff`)
    await page.goto(`${site}/auth/me`)
    expect(JSON.parse(await page.locator('body').innerText())).toMatchObject({ subject: 'rolf', groups: ['road_crew'] })
    await page.close()
  })
})
