// The development outbox shows mail people were sent: it must not exist in
// production, and it opens only the files it lists (no path from a request).
// A mail's HTML part is someone's words laid out: shown, it may run no script
// and reach nothing of the site (a sandbox and a policy of its own).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../support/raw-http'
import { startDevServer, startServer, type RunningServer } from '../support/server'

const servers: RunningServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
})

const SCRIPTED = [
  'From: someone@example.org',
  'To: eve@example.org',
  'Subject: Scripted',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<html><head></head><body><p>Hi</p><script>document.title = "ran"</script></body></html>',
  '',
].join('\r\n')

describe('Security: /dev/outbox', () => {
  it('answers 404 in production, for the list, a mail and its HTML part, even with mail in DATA_DIR/outbox', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-outbox-prod-'))
    mkdirSync(join(dataDir, 'outbox'))
    writeFileSync(join(dataDir, 'outbox', 'x.eml'), SCRIPTED)
    const server = await startServer({}, { dataDir })
    servers.push({ ...server, stop: () => server.stop().finally(() => rmSync(dataDir, { recursive: true })) })
    for (const path of ['/dev/outbox', '/dev/outbox/x.eml', '/dev/outbox/x.eml/html', '/dev/outbox/x.eml/reply']) {
      const answer = await fetch(`${server.url}${path}`)
      expect(answer.status, path).toBe(404)
      expect(await answer.text(), path).not.toContain('<script>')
    }
  })

  it('in development, a mail’s HTML part is served sandboxed, without script, framed only by the outbox', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-outbox-dev-'))
    mkdirSync(join(dataDir, 'outbox'))
    writeFileSync(join(dataDir, 'outbox', 'x.eml'), SCRIPTED)
    const server = await startDevServer({}, { dataDir })
    servers.push({ ...server, stop: () => server.stop().finally(() => rmSync(dataDir, { recursive: true })) })
    const answer = await fetch(`${server.url}/dev/outbox/x.eml/html`)
    expect(answer.status).toBe(200)
    const policy = (answer.headers.get('content-security-policy') ?? '').split(/;\s*/)
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain("frame-ancestors 'self'")
    expect(policy.find((directive) => directive.startsWith('sandbox'))).toMatch(/^sandbox( [a-z-]+)*$/)
    expect(policy.join(';')).not.toMatch(/script-src|allow-scripts|allow-same-origin|allow-forms/)
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    // The words are there as sent: the policy, not an edit, keeps the script from running.
    expect(await answer.text()).toContain('<base target="_top">')
    const list = await (await fetch(`${server.url}/dev/outbox`)).text()
    const frame = /<iframe[^>]*src="\/dev\/outbox\/x\.eml\/html"[^>]*>/.exec(list)?.[0] ?? ''
    expect(frame).toMatch(/ sandbox="[a-z -]*"/)
    expect(frame).not.toMatch(/allow-scripts|allow-same-origin/)
  })

  it('in development, a name that is not a listed mail is 404, traversal spellings included', async () => {
    const server = await startDevServer()
    servers.push(server)
    for (const path of [
      '/dev/outbox/..%2F..%2F..%2Fetc%2Fpasswd',
      '/dev/outbox/..%2Foutbox%2Fx.eml',
      '/dev/outbox/%2Fetc%2Fpasswd',
      '/dev/outbox/nothing-here.eml',
      '/dev/outbox/.env',
    ]) {
      const answer = await rawRequest(server.url, path)
      expect(answer.status, path).toBe(404)
      expect(answer.body, path).not.toContain('root:')
    }
  })
})
