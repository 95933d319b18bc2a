// Two built instances on one NATS server, serving one git repository through
// a file:// URL, so every reload runs the real git fetch.
import { execFileSync } from 'node:child_process'
import { createHmac, randomUUID } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import { decodeJson } from '../../server/bus/payload'
import type { Bus } from '../../server/bus/types'
import { CONTENT_CHANGED, CONTENT_RELOADED, type ContentReloaded } from '../../server/content/bus-messages'
import { settle } from '../bus/wait'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { DEMO, startServer, type RunningServer } from '../support/server'

const SECRET = 'test-webhook-secret'
const ABOUT = 'pages/about/index.yaml'

let work: string
let repo: string
let nats: NatsServer
let one: RunningServer
let two: RunningServer
let bus: Bus
const reloaded: ContentReloaded[] = []
let changesAsked = 0

function git(...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@example.org', '-c', 'user.name=t', ...args], {
    cwd: repo,
    stdio: 'pipe',
  })
    .toString()
    .trim()
}

/** Commits a change to the about page's plain-storyline title; returns the short revision. */
function commitAboutTitle(titleLine: string): string {
  const file = join(repo, ABOUT)
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, titleLine))
  git('commit', '--quiet', '-am', titleLine)
  return git('rev-parse', 'HEAD').slice(0, 12)
}

const titled = (plain: string) => `title: ["${plain}", "Who we are"]`

async function aboutTitle(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/about`, { headers: { cookie: 'svc_story=plain' } })
  return /<title>([^<]*)<\/title>/.exec(await res.text())?.[1] ?? ''
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const both = async (plain: string) =>
  (await aboutTitle(one)).startsWith(plain) && (await aboutTitle(two)).startsWith(plain)

/** Reloads each instance logged since `marks` (their output lengths then). */
const reloadsSince = (marks: number[]) =>
  [one, two].map(
    (server, i) =>
      server
        .output()
        .slice(marks[i])
        .match(/"message":"content (reloaded|unchanged)"/g)?.length ?? 0,
  )

function signed(body: string, secret = SECRET): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-github-event': 'push',
    'x-github-delivery': randomUUID(),
    'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
  }
}

const postHook = (server: RunningServer, body: string, headers: Record<string, string>) =>
  fetch(`${server.url}/hooks/content`, { method: 'POST', body, headers })

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'svc-reload-'))
  repo = join(work, 'site')
  cpSync(DEMO, repo, { recursive: true })
  git('init', '--quiet', '--initial-branch=main')
  git('add', '.')
  git('commit', '--quiet', '-m', 'site')
  nats = await startNatsServer()
  const env = { BUS_URL: nats.url, CONTENT_REPO: `file://${repo}`, CONTENT_BRANCH: 'main' }
  // Only instance one has a webhook secret, so instance two shows the hook switched off.
  ;[one, two] = await Promise.all([startServer({ ...env, CONTENT_WEBHOOK_SECRET: SECRET }), startServer(env)])
  bus = await createNatsBus({ url: nats.url })
  await bus.subscribe(CONTENT_RELOADED, ({ data }) => {
    reloaded.push(decodeJson<ContentReloaded>(data))
  })
  await bus.subscribe(CONTENT_CHANGED, () => {
    changesAsked++
  })
})

afterAll(async () => {
  await bus?.close()
  await Promise.all([one?.stop(), two?.stop()])
  await nats?.stop()
  rmSync(work, { recursive: true, force: true })
})

describe('content reload across instances', () => {
  it('/readyz is 200 with the revision once content is loaded and the bus is connected', async () => {
    const head = git('rev-parse', 'HEAD').slice(0, 12)
    for (const server of [one, two]) {
      await until('ready', async () => (await fetch(`${server.url}/readyz`)).status === 200)
      expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({
        ok: true,
        revision: head,
        bus: 'connected',
        records: 'current',
      })
    }
  })

  it(
    'What the service does 1 and Events 3: a change published on the bus goes live on both instances, no ' +
      'release or deploy, each announcing svc.content.reloaded once',
    async () => {
      expect(await both('About this site')).toBe(true)
      const revision = commitAboutTitle(titled('About us, revised'))
      const started = performance.now()
      bus.publish(CONTENT_CHANGED, { revision, reason: 'test' })
      await until('both serve the new title', () => both('About us, revised'))
      const elapsed = performance.now() - started
      console.log(
        `[reload] svc.content.changed published -> new title served by both instances: ${elapsed.toFixed(0)} ms`,
      )
      await until('both announced', () => reloaded.filter((r) => r.revision === revision).length >= 2)
      // Each instance reloads one run at a time and announces on its own
      // connection, in order: once both have announced a later commit, a second
      // announcement of this one from any reload would have arrived first.
      git('commit', '--quiet', '--allow-empty', '-m', 'a later commit')
      const later = git('rev-parse', 'HEAD').slice(0, 12)
      bus.publish(CONTENT_CHANGED, { revision: later, reason: 'test' })
      await until('both announced the later commit', () => reloaded.filter((r) => r.revision === later).length >= 2)
      const announced = reloaded.filter((r) => r.revision === revision)
      expect(announced).toHaveLength(2)
      expect(new Set(announced.map((r) => r.instance)).size).toBe(2)
      expect(announced.every((r) => !Number.isNaN(Date.parse(r.loadedAt)))).toBe(true)
    },
  )

  it('a storm of change messages, junk included, costs at most two reloads per instance', async () => {
    const marks = [one.output().length, two.output().length]
    const revision = commitAboutTitle(titled('About us, storm'))
    for (let i = 0; i < 30; i++) bus.publish(CONTENT_CHANGED, i % 10 === 0 ? new TextEncoder().encode('not json') : {})
    await until('both serve the storm title', () => both('About us, storm'))
    await until('both announced', () => reloaded.filter((r) => r.revision === revision).length >= 2)
    // The queued reload ends a fetch later, and nothing the test can do is
    // ordered after a third: wait until no instance logs another.
    const reloads = await settle(() => [...reloadsSince(marks), reloaded.length], { quietMs: 500, what: 'the reloads' })
    for (const [i, server] of [one, two].entries()) {
      const since = server.output().slice(marks[i])
      expect(reloads[i]).toBeLessThanOrEqual(2)
      expect(since).toContain('unreadable svc.content.changed payload, reloading anyway: the payload is not JSON')
    }
    expect(reloaded.filter((r) => r.revision === revision)).toHaveLength(2)
  })

  it('a broken push keeps the last good content and logs file:line:col once; the fix goes live', async () => {
    const good = git('rev-parse', 'HEAD').slice(0, 12)
    commitAboutTitle('title: ["About this site", "Who we are"')
    bus.publish(CONTENT_CHANGED, {})
    const diagnostic = `${ABOUT}:2:8: error: the [ opened here is never closed: end the list with ] on this line`
    for (const server of [one, two])
      await until('the diagnostic is logged', () => server.output().includes('reload refused'))
    for (const server of [one, two]) {
      expect(server.output().split(diagnostic)).toHaveLength(2)
      expect(server.output()).toContain(`reload refused, still serving ${good}`)
      expect(await aboutTitle(server)).toMatch(/^About us, storm/)
      expect(await (await fetch(`${server.url}/readyz`)).json()).toMatchObject({ ok: true, revision: good })
    }
    commitAboutTitle(titled('About us, fixed'))
    bus.publish(CONTENT_CHANGED, {})
    await until('both serve the fixed title', () => both('About us, fixed'))
  })
})

describe('push webhook', () => {
  it('a signed push to the content branch on one instance reloads both', async () => {
    const revision = commitAboutTitle(titled('About us, pushed'))
    const body = JSON.stringify({ ref: 'refs/heads/main', after: git('rev-parse', 'HEAD') })
    // Signed the way docs/operations.md tells a CI job to, with openssl.
    const hex = execFileSync(
      'sh',
      ['-c', `printf '%s' "$BODY" | openssl dgst -sha256 -hmac "$SECRET" -hex | sed 's/^.*= //'`],
      {
        env: { ...process.env, BODY: body, SECRET },
      },
    )
      .toString()
      .trim()
    const res = await postHook(one, body, { ...signed(body), 'x-hub-signature-256': `sha256=${hex}` })
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ ok: true, reload: true })
    await until('both serve the pushed title', () => both('About us, pushed'))
    await until('both announced', () => reloaded.filter((r) => r.revision === revision).length === 2)
  })

  it('refuses a bad signature, ignores other branches, answers ping, and reloads nothing', async () => {
    const before = reloaded.length
    const askedBefore = changesAsked
    commitAboutTitle(titled('About us, not yet'))
    const body = JSON.stringify({ ref: 'refs/heads/main' })
    expect((await postHook(one, body, signed(body, 'wrong-secret'))).status).toBe(401)
    expect((await postHook(one, body, { 'x-github-event': 'push' })).status).toBe(401)
    const other = JSON.stringify({ ref: 'refs/heads/draft' })
    const ignored = await postHook(one, other, signed(other))
    expect(ignored.status).toBe(202)
    expect(await ignored.json()).toEqual({ ok: true, ignored: 'not main: refs/heads/draft' })
    const ping = JSON.stringify({ zen: 'Keep it logically awesome.' })
    expect((await postHook(one, ping, { ...signed(ping), 'x-github-event': 'ping' })).status).toBe(200)
    // A hook asks for a reload on the bus before it answers; wait until
    // neither asks nor announcements move any more.
    await settle(() => [changesAsked, reloaded.length], { quietMs: 700, what: 'reload asks' })
    expect(changesAsked).toBe(askedBefore)
    expect(reloaded.length).toBe(before)
    expect(await aboutTitle(one)).toMatch(/^About us, pushed/)
    expect(await aboutTitle(two)).toMatch(/^About us, pushed/)
  })

  it('is off (404) where CONTENT_WEBHOOK_SECRET is unset', async () => {
    const body = JSON.stringify({ ref: 'refs/heads/main' })
    expect((await postHook(two, body, signed(body))).status).toBe(404)
  })

  it('refuses a body over 1 MB, by its declared length or while it arrives', async () => {
    const big = 'x'.repeat(1024 * 1024 + 1)
    expect((await postHook(one, big, signed(big))).status).toBe(413)
    // Chunked, so no content-length warns the server: it must count.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${one.url}/hooks/content`, { method: 'POST', headers: signed(big) }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      for (let i = 0; i < 16; i++) req.write(big.slice(i * 65_536, (i + 1) * 65_536 + (i === 15 ? 1 : 0)))
      req.end()
    })
    expect(status).toBe(413)
  })
})

describe('readiness without the bus', () => {
  it('/readyz turns 503 naming the bus when NATS goes away', async () => {
    await nats.stop()
    await until('not ready', async () => (await fetch(`${one.url}/readyz`)).status === 503)
    expect(await (await fetch(`${one.url}/readyz`)).json()).toMatchObject({
      ok: false,
      bus: 'reconnecting',
      missing: ['bus'],
    })
    expect((await fetch(`${one.url}/healthz`)).status).toBe(200)
  })
})
