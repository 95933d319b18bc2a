// Issue 31, "Accepted suggestions go live": the content repository is a git
// work tree on this machine, read by two instances on one NATS. A responsible
// person suggests a new title in Chromium, a caseworker accepts it on the
// desk, the page file changes with its comments kept, the commit's author is
// the suggester and its committer the caseworker, and both instances show the
// new title once the content reloads. axe on the form and the desk at 1280 px.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../a11y/axe'
import { waitFor } from '../bus/wait'
import { launchChromium } from '../support/browser'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { DEMO, startDevServer, type RunningServer } from '../support/server'

const OLD = 'How we handle pothole reports'
const NEW = 'How we handle your pothole reports'
const VIEWPORT = { width: 1280, height: 900 }

let content: string
let nats: NatsServer
let a: RunningServer & { readonly site: string }
let b: RunningServer & { readonly site: string }
let browser: Browser

const git = (...args: string[]) => execFileSync('git', args, { cwd: content, encoding: 'utf8' }).trim()

beforeAll(async () => {
  content = mkdtempSync(join(tmpdir(), 'svc-content-git-'))
  cpSync(DEMO, content, { recursive: true })
  git('init', '--quiet', '--initial-branch=main')
  git('add', '-A')
  git('-c', 'user.name=Site Author', '-c', 'user.email=author@example.org', 'commit', '--quiet', '-m', 'The demo')
  ;[nats, browser] = await Promise.all([startNatsServer(), launchChromium()])
  const env = { BUS_URL: nats.url, CONTENT_REPO: content }
  ;[a, b] = await Promise.all([startDevServer(env), startDevServer(env)])
}, 90_000)

afterAll(async () => {
  await browser?.close()
  await Promise.all([a?.stop(), b?.stop()])
  await nats?.stop()
  rmSync(content, { recursive: true, force: true })
})

async function open(site: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  await context.addCookies([{ name: 'svc_story', value: 'plain', url: site }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return page
}

const titleOn = async (site: string) =>
  (await (await fetch(`${site}/potholes`, { headers: { cookie: 'svc_story=plain' } })).text()).match(
    /<h1[^>]*>([^<]*)<\/h1>/,
  )?.[1]

describe('Accepted suggestions go live on a local git content repository', () => {
  it('Accepted suggestions go live: Suggest a change, accept on the desk, the file committed with comments kept, both instances show the new text', async () => {
    const knord = await open(a.site)
    await knord.goto(`${a.site}/auth/sign-in?return=%2Fpotholes`)
    await knord.getByLabel('E-mail address').fill('kari.nordmann@example.org')
    await knord.getByRole('button', { name: 'Sign in with this address' }).click()
    await knord.waitForURL(`${a.site}/potholes`)
    await knord.getByRole('link', { name: 'Suggest a change' }).click()
    await knord.waitForURL(/\/suggest\?page=%2Fpotholes$/)

    // Each box says what it is on the page; a one-line title is a one-line box; Markdown shows as the page shows it.
    const title = knord.getByLabel('Title, as told in the plain storyline')
    await expect(title.evaluate((box) => box.tagName)).resolves.toBe('INPUT')
    await expect(title.inputValue()).resolves.toBe(OLD)
    const block = knord.getByLabel(/^Text block 1, beginning “Received\. Your report arrives/).first()
    await expect(block.evaluate((box) => box.tagName)).resolves.toBe('TEXTAREA')
    await expect(knord.locator('.suggest-preview strong').first().textContent()).resolves.toBe('Received.')
    expect(await axeViolations(knord)).toEqual([])

    await title.fill(NEW)
    await knord.getByRole('button', { name: 'Send the suggestion' }).click()
    await knord.waitForURL(/sent=1$/)

    const kari = await open(a.site)
    await kari.goto(`${a.site}/auth/sign-in?return=%2Fdesk%2Fcaseworkers%2Fsuggestions`)
    await kari.getByRole('button', { name: 'Sign in as Kari Caseworker' }).click()
    await kari.waitForURL(`${a.site}/desk/caseworkers/suggestions`)
    // Word by word, old and new side by side, labelled in words.
    await expect(kari.getByText('Now (removed words struck through)').count()).resolves.toBe(1)
    await expect(kari.getByText('Suggested (added words underlined)').count()).resolves.toBe(1)
    await expect(kari.locator('.suggestion-text ins').first().textContent()).resolves.toMatch(/^\[added: your ?\]$/)
    await expect(kari.locator('.suggestion-diff').first().textContent()).resolves.not.toContain('@@')
    expect(await axeViolations(kari)).toEqual([])

    await kari.getByRole('button', { name: 'Accept' }).click()
    await kari.waitForURL(/done=accepted/)
    await expect(kari.locator('.suggestion-written').textContent()).resolves.toMatch(
      /^The change is committed to pages\/potholes\.yaml \(commit [0-9a-f]{12}\); the site reloads with it\.$/,
    )

    // The file: only the title changed, comments and quoting kept.
    const file = readFileSync(join(content, 'pages/potholes.yaml'), 'utf8')
    const before = readFileSync(join(DEMO, 'pages/potholes.yaml'), 'utf8')
    expect(file).toBe(before.replace(`"${OLD}"`, `"${NEW}"`))
    expect(file).toContain('# A bare number: the service adds PHONE_COUNTRY (default +47).')
    // The commit: the suggester wrote it (the development provider names an address by its local part), the
    // caseworker committed it.
    expect(git('log', '-1', '--format=%an <%ae>|%cn <%ce>|%s')).toBe(
      'kari.nordmann <kari.nordmann@example.org>|Kari Caseworker <kari@example.org>|Edit suggestion for /potholes from kari.nordmann',
    )
    expect(git('status', '--porcelain')).toBe('')

    // Both instances reload and show it.
    await waitFor(async () => (await titleOn(a.site)) === NEW, 20_000, 'the new title on the first instance')
    await waitFor(async () => (await titleOn(b.site)) === NEW, 20_000, 'the new title on the second instance')
    await knord.goto(`${a.site}/potholes`)
    await expect(knord.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(NEW)
  }, 120_000)
})
