// Path traversal: a path under /site (content files) or /pkg (the service's
// own files) that climbs out of its folder, written plainly, percent-encoded,
// double-encoded, with backslashes or overlong UTF-8, to read the content
// repository's other files, the built service or the machine's. (Symlinks in
// the content are test/security/symlinks.test.ts.)
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../support/raw-http'
import { DEMO, ROOT, startServer, type RunningServer } from '../support/server'

let server: RunningServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server?.stop())

/** Text only the file itself holds: if it shows up in an answer, the file was read. */
const SECRETS: Record<string, string> = {
  'site.yaml': 'inbox: streets@example.org',
  'buckets/potholes.yaml': 'contact: true',
  'policy/extra.cedar': 'principal in Group::"road_crew"',
  '/etc/passwd': 'root:x:0:0',
  '.output/nitro.json': '"preset": "node-server"',
  '.output/server/package.json': readFileSync(join(ROOT, '.output/server/package.json'), 'utf8').slice(0, 40),
}

// Each way of writing one step up out of a folder.
const UP = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%252e%252e', '%c0%ae%c0%ae', '..;', '....']
const SEP = ['/', '%2f', '%2F', '\\', '%5c', '%255c']

function climbs(prefix: string, target: string, depth: number): string[] {
  return UP.flatMap((up) => SEP.map((sep) => `${prefix}${`${up}${sep}`.repeat(depth)}${target.replace(/\//g, sep)}`))
}

async function expectNothingRead(paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const answer = await rawRequest(server.url, path)
    expect([303, 400, 403, 404], path).toContain(answer.status)
    for (const [file, secret] of Object.entries(SECRETS))
      expect(answer.body, `${path} showed ${file}`).not.toContain(secret)
  }
}

describe('path traversal', () => {
  it('the markers are real: each is in its file, and /site serves what is under public/', async () => {
    for (const file of ['site.yaml', 'buckets/potholes.yaml', 'policy/extra.cedar'])
      expect(readFileSync(join(DEMO, file), 'utf8')).toContain(SECRETS[file])
    expect(readFileSync(join(ROOT, '.output/nitro.json'), 'utf8')).toContain(SECRETS['.output/nitro.json'])
    const logo = await rawRequest(server.url, '/site/logo.svg')
    expect(logo.status).toBe(200)
    expect(logo.body).toContain('<svg')
  })

  it("/site/ never leaves public/: not to the content repository's other files, nor the machine's", async () => {
    await expectNothingRead([
      ...climbs('/site/', 'site.yaml', 1),
      ...climbs('/site/', 'buckets/potholes.yaml', 1),
      ...climbs('/site/', 'policy/extra.cedar', 1),
      ...climbs('/site/', 'etc/passwd', 12),
      '/site//etc/passwd',
      '/site/%2fetc%2fpasswd',
      '/site/file:///etc/passwd',
      '/site/logo.svg%00../../site.yaml',
      '/site/..%00/site.yaml',
    ])
  })

  it("/pkg/ never leaves the build's own files", async () => {
    await expectNothingRead([
      ...climbs('/pkg/', 'nitro.json', 2),
      ...climbs('/pkg/', 'server/package.json', 2),
      ...climbs('/pkg/', 'etc/passwd', 12),
      '/pkg//etc/passwd',
      '/pkg/%2fetc%2fpasswd',
    ])
  })

  it('no other route reads a file by a path it is given', async () => {
    await expectNothingRead([
      ...climbs('/', 'etc/passwd', 12).slice(0, 12),
      '/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/site.yaml',
      `/about/${'..%2f'.repeat(6)}etc/passwd`,
      `/desk/caseworkers/potholes/${'..%2f'.repeat(4)}site.yaml`,
    ])
  })
})
