// Issue 26 journey 1: the case link in a mail opens on another device. A
// visitor files on a phone without signing in, giving an address; the
// receipt's link, opened in a browser that never saw the site, shows the case
// and withdraws it. Signing in elsewhere with that verified address lists
// the case under "Your reports" and opens its page.
import { simpleParser } from 'mailparser'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SiteModel } from '../../server/content/model'
import { waitFor } from '../bus/wait'
import { launchChromium } from '../support/browser'
import { loadDemo } from '../support/demo-site'
import { startDevServer } from '../support/server'

const ADDRESS = 'bo.plain@example.org'
const STREET = `Link Street ${Date.now() % 100_000}`
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }

const dataDir = mkdtempSync(join(tmpdir(), 'svc-case-link-'))
let server: Awaited<ReturnType<typeof startDevServer>>
let browser: Browser
let site: SiteModel
beforeAll(async () => {
  ;[server, browser, site] = await Promise.all([startDevServer({}, { dataDir }), launchChromium(), loadDemo()])
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function device(options: Parameters<Browser['newContext']>[0] = PHONE): Promise<BrowserContext> {
  const context = await browser.newContext(options)
  await context.addCookies([{ name: 'svc_story', value: 'plain', url: server.site }])
  context.setDefaultTimeout(10_000)
  return context
}

const story = () => site.storylines.indexOf('plain')
const potholes = () => site.buckets.get('potholes')
const label = (name: string) => potholes()?.fields.find((f) => f.name === name)?.label[story()] ?? name

function outboxTo(address: string): string[] {
  const outbox = join(dataDir, 'outbox')
  let names: string[]
  try {
    names = readdirSync(outbox)
  } catch {
    return []
  }
  return names
    .filter((name) => readFileSync(join(outbox, name), 'utf8').includes(`\nTo: ${address}\r\n`))
    .map((name) => join(outbox, name))
}

let caseLink = ''

describe('issue 26 journey 1: the case link in a mail opens on any device', () => {
  it('issue 26 journey 1: filed on a phone, the receipt link opens the case in another browser, which withdraws it', async () => {
    const phone = await (await device()).newPage()
    await phone.goto(`${server.site}/`)
    await phone.getByLabel(label('street')).fill(STREET)
    await phone.locator('#f-potholes-kind').check()
    await phone.getByLabel(label('email')).fill(ADDRESS)
    await phone.getByRole('button', { name: 'Send' }).tap()
    await phone.waitForURL(/\/\?filed=/)

    await waitFor(() => outboxTo(ADDRESS).length === 1, 15_000, 'the receipt in the outbox')
    const receipt = await simpleParser(readFileSync(outboxTo(ADDRESS)[0] ?? ''))
    const links = [...(receipt.text ?? '').matchAll(/https?:\/\/\S+\/my\/potholes\/\S+/g)].map(([link]) => link)
    expect(links.length).toBeGreaterThan(0)
    caseLink = links[0] ?? ''
    expect(new URL(caseLink).searchParams.get('k')).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{22}$/)
    expect(receipt.html).toContain(caseLink.replaceAll('&', '&amp;'))

    // Another device: no cookie of the site, not signed in.
    const other = await (await device()).newPage()
    const opened = await other.goto(caseLink)
    expect(opened?.status()).toBe(200)
    expect(opened?.headers()['referrer-policy']).toBe('no-referrer')
    await expect(other.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(STREET)
    const withdraw = potholes()?.self[0]?.label[story()] ?? 'withdraw'
    await other.getByRole('button', { name: withdraw }).tap()
    await other.waitForURL(/\/self\//)
    await other.locator('form.self-move-confirm').getByRole('button', { name: withdraw }).tap()
    await other.waitForURL(/\/my\/potholes\/.+moved=/)
    const withdrawn = potholes()?.states.find((s) => s.name === 'withdrawn')?.label[story()] ?? 'withdrawn'
    await expect(other.getByRole('status').textContent()).resolves.toContain(withdrawn)
    await expect(other.locator('.case-facts').textContent()).resolves.toContain(withdrawn)
    await expect(other.locator('form.self-move').count()).resolves.toBe(0)
    await other.context().close()
    await phone.context().close()
  }, 90_000)

  it('issue 26 journey 1: signing in with the verified contact address lists the case under Your reports and opens it', async () => {
    const laptop = await (await device({ viewport: { width: 1280, height: 800 } })).newPage()
    await laptop.goto(`${server.site}/auth/sign-in?return=%2Fmy-reports`)
    await laptop.getByLabel('E-mail address').fill(ADDRESS)
    await laptop.getByRole('button', { name: 'Sign in with this address' }).click()
    await laptop.waitForURL(`${server.site}/my-reports`)
    const item = laptop.locator('.record-item', { hasText: STREET })
    await expect(item.count()).resolves.toBe(1)
    await item.getByRole('link', { name: STREET }).click()
    await laptop.waitForURL(`${server.site}${new URL(caseLink).pathname}`)
    await expect(laptop.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(STREET)
    await laptop.context().close()
  }, 60_000)
})
