// From a clean clone, `.ci/release 0.2.0` (SPEC 9.1 to 9.3), in two clones of
// one commit at once: the same release commit, the same tarball bytes, the
// changelog cut, the lint pin held; then the root script serves that tarball.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { waitFor } from '../bus/wait'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanEnv } from '../support/global-setup'
import { createDeployHost, makeKey, runDeploy, SVC_DEPLOY } from '../support/deploy-host'
import { DEMO, freePort, ROOT, stopChild } from '../support/server'

vi.setConfig({ testTimeout: 120_000 })

const VERSION = '0.2.0'
const TARBALL = `dist/svc-v${VERSION}.tar.gz`
// One author, one time: the two clones make the very same release commit.
const GIT = {
  GIT_AUTHOR_NAME: 'Release Test',
  GIT_AUTHOR_EMAIL: 'release@example.org',
  GIT_COMMITTER_NAME: 'Release Test',
  GIT_COMMITTER_EMAIL: 'release@example.org',
  GIT_AUTHOR_DATE: '2026-01-02T03:04:05Z',
  GIT_COMMITTER_DATE: '2026-01-02T03:04:05Z',
  RELEASE_DATE: '2026-01-02',
}

let base: string
let a: string
let b: string
// The release key, made by ssh-keygen for this run as the CI secret would hold it.
let key = ''

function cloneWithModules(dir: string): void {
  execFileSync('git', ['clone', '-q', ROOT, dir])
  // Hard links: a copy of node_modules in a moment, as `npm ci` would leave it.
  execFileSync('cp', ['-al', join(ROOT, 'node_modules'), join(dir, 'node_modules')])
  rmSync(join(dir, 'node_modules/.cache'), { recursive: true, force: true })
}

function run(
  dir: string,
  command: string,
  args: string[],
  extra: Record<string, string | undefined> = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(join(dir, command), args, {
    cwd: dir,
    env: cleanEnv({ ...GIT, SVC_SIGNING_KEY: key, ...extra }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr.on('data', (d: Buffer) => (output += d.toString()))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })))
}

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: cleanEnv(GIT) }).trim()

/** `node <release>/server/index.mjs` on the runtime running the tests, the bundled demo as content. */
async function startUnpacked(release: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [join(release, 'server/index.mjs')], {
    cwd: mkdtempSync(join(tmpdir(), 'svc-cwd-')),
    env: cleanEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: join(release, '..', 'data'),
      CONTENT_REPO: join(release, 'site'),
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const seen = (d: Buffer) => {
      output += d.toString()
      const m = /Listening on (http:\/\/\S+)/.exec(output)
      if (m?.[1]) resolve(m[1].replace(/\/$/, ''))
    }
    child.stdout.on('data', seen)
    child.stderr.on('data', seen)
    child.on('exit', (code) => reject(new Error(`the unpacked release exited with ${code}:\n${output}`)))
  })
  return { url, stop: () => stopChild(child) }
}

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'svc-release-'))
  a = join(base, 'a')
  b = join(base, 'b')
  key = makeKey(base, 'release-key')
  cloneWithModules(a)
  cloneWithModules(b)
  const started = Date.now()
  const results = await Promise.all([run(a, '.ci/release', [VERSION]), run(b, '.ci/release', [VERSION])])
  for (const result of results) if (result.code !== 0) throw new Error(`.ci/release failed:\n${result.output}`)
  process.stdout.write(`[release] two clones released ${VERSION} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`)
}, 600_000)
afterAll(() => rmSync(base, { recursive: true, force: true }))

describe('SPEC 9.2: "On a tag, a build attaches svc-v<version>.tar.gz"', () => {
  it('two clones of one commit tag the same commit and pack the same bytes', () => {
    expect(git(a, 'rev-parse', `v${VERSION}^{commit}`)).toBe(git(b, 'rev-parse', `v${VERSION}^{commit}`))
    const bytes = readFileSync(join(a, TARBALL))
    expect(bytes.equals(readFileSync(join(b, TARBALL)))).toBe(true)
    expect(readFileSync(join(a, `${TARBALL}.sha256`), 'utf8')).toBe(readFileSync(join(b, `${TARBALL}.sha256`), 'utf8'))
    expect(readFileSync(join(a, `${TARBALL}.sha256`), 'utf8')).toMatch(
      new RegExp(`^[0-9a-f]{64}  svc-v${VERSION}\\.tar\\.gz\\n$`),
    )
  })

  it('issue 24: signs the tarball with the release key in the namespace svc-release, the same signature in both clones', () => {
    const signature = readFileSync(join(a, `${TARBALL}.sig`), 'utf8')
    expect(signature).toMatch(/^-----BEGIN SSH SIGNATURE-----\n/)
    expect(readFileSync(join(b, `${TARBALL}.sig`), 'utf8')).toBe(signature)
    const signers = join(base, 'allowed_signers')
    writeFileSync(signers, `svc-release namespaces="svc-release" ${readFileSync(`${key}.pub`, 'utf8')}`)
    const verify = (namespace: string) =>
      execFileSync(
        'ssh-keygen',
        ['-Y', 'verify', '-f', signers, '-I', 'svc-release', '-n', namespace, '-s', join(a, `${TARBALL}.sig`)],
        { input: readFileSync(join(a, TARBALL)), stdio: 'pipe' },
      )
    expect(() => verify('svc-release')).not.toThrow()
    expect(() => verify('file')).toThrow()
  })

  it('holds one folder svc-v<version>/ with the service, lint, mailer, hash.txt, site, deploy and VERSION; plain files only, owned by 0, one time', () => {
    const listing = execFileSync('tar', ['-tvzf', join(a, TARBALL), '--numeric-owner', '--full-time'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .trim()
      .split('\n')
    const rows = listing.map((line) => line.split(/\s+/))
    expect(new Set(rows.map((r) => r[0]?.[0]))).toEqual(new Set(['-', 'd']))
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(['0/0']))
    expect(new Set(rows.map((r) => `${r[3]} ${r[4]}`)).size).toBe(1)
    const names = rows.map((r) => r.slice(5).join(' '))
    expect(new Set(names.map((n) => n.split('/')[0]))).toEqual(new Set([`svc-v${VERSION}`]))
    for (const path of [
      'server/index.mjs',
      'server/preview-worker.mjs',
      'public/pkg/',
      'lint/svc-lint.mjs',
      'mailer/index.mjs',
      'hash.txt',
      'site/site.yaml',
      'deploy/svc-deploy',
      'deploy/install-host',
      'deploy/svc@.service',
      'deploy/svc-mailer@.service',
      'runtime/bin/node',
      'VERSION',
    ]) {
      expect(names).toContain(`svc-v${VERSION}/${path}`)
    }
  })

  it('says nothing of where or when it was built, ships the root script as kept in the repository, and runs as it is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-unpacked-'))
    try {
      execFileSync('tar', ['-xzf', join(a, TARBALL), '-C', dir])
      const release = join(dir, `svc-v${VERSION}`)
      expect(readFileSync(join(release, 'VERSION'), 'utf8')).toBe(`${VERSION}\n`)
      expect(readFileSync(join(release, 'deploy/svc-deploy'), 'utf8')).toBe(readFileSync(SVC_DEPLOY, 'utf8'))
      // grep exits 1 when it finds nothing: no build folder, in any file.
      for (const needle of [a, base]) {
        expect(() => execFileSync('grep', ['-rlF', needle, release], { stdio: 'pipe' })).toThrow()
      }
      const built = new Date().toISOString().slice(0, 10)
      expect(() => execFileSync('grep', ['-rlF', built, join(release, 'server')], { stdio: 'pipe' })).toThrow()
      // And it runs as `node svc-v<version>/server/index.mjs`, nothing installed, on its own demo site.
      const server = await startUnpacked(release)
      try {
        // Ready once its index has read the demo's records, a moment after it listens.
        await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 200, 20_000, 'the release ready')
      } finally {
        await server.stop()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('SPEC 9.2: "The release section of the changelog (the Unreleased lines moved under the new version) is the release notes"', () => {
  it('moves the Unreleased lines, Content format included, under the version; the Sites table stays last', () => {
    const before = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8')
    const after = readFileSync(join(a, 'CHANGELOG.md'), 'utf8')
    const headings = after.split('\n').filter((line) => line.startsWith('## ') || line.startsWith('### '))
    expect(headings.slice(0, 4)).toEqual([
      '## Unreleased',
      '### Content format',
      `## ${VERSION} - 2026-01-02`,
      '### Content format',
    ])
    expect(headings.at(-1)).toBe('## Sites')
    expect(after).toContain(`| demo (examples/demo) | ${VERSION} |`)
    const entries = (text: string) => text.split('\n').filter((line) => line.startsWith('- ')).length
    expect(entries(after)).toBe(entries(before))
    const notes = readFileSync(join(a, `dist/release-notes-v${VERSION}.md`), 'utf8')
    expect(notes.startsWith(`## ${VERSION} - 2026-01-02\n\n- `)).toBe(true)
    expect(after).toContain(notes)
    expect(notes).not.toContain('## Sites')
    expect(JSON.parse(readFileSync(join(a, 'package.json'), 'utf8'))).toMatchObject({ version: VERSION })
    expect(git(a, 'status', '--porcelain')).toBe('')
    expect(git(a, 'log', '-1', '--format=%s')).toBe(`Release ${VERSION}`)
  })
})

describe('SPEC 9.1: "Releases are tagged v<version> (semantic version)"', () => {
  for (const [version, message] of [
    ['0.2.0', 'not above the last release, 0.2.0'],
    ['0.1.9', 'not above the last release, 0.2.0'],
    ['v0.3.0', 'is not a version'],
    ['0.3', 'is not a version'],
    ['0.3.0-rc1', 'is not a version'],
    ['0.3.0; rm -rf /', 'is not a version'],
    ['01.3.0', 'is not a version'],
  ]) {
    it(`.ci/release refuses ${JSON.stringify(version)}: ${message}`, async () => {
      const result = await run(a, '.ci/release', [version ?? ''])
      expect(result.code).toBe(2)
      expect(result.output).toContain(message)
      expect(git(a, 'tag', '--list')).toBe(`v${VERSION}`)
    })
  }

  it('.ci/release refuses to cut a release it cannot sign', async () => {
    const result = await run(a, '.ci/release', ['0.3.0'], { SVC_SIGNING_KEY: undefined })
    expect(result.code).toBe(2)
    expect(result.output).toContain('SVC_SIGNING_KEY names no readable key file')
    expect(git(a, 'tag', '--list')).toBe(`v${VERSION}`)
  })

  it('.ci/release refuses a working tree with changes', async () => {
    writeFileSync(join(b, 'stray.txt'), 'x')
    const result = await run(b, '.ci/release', ['0.3.0'])
    expect(result.code).toBe(2)
    expect(result.output).toContain('the working tree has changes')
    rmSync(join(b, 'stray.txt'))
  })

  it('.ci/pack refuses a version that is not one', async () => {
    const result = await run(a, '.ci/pack', ['--from-output', '1.2'])
    expect(result.code).toBe(2)
  })
})

describe('SPEC 9.3: "A service change to anything the lint reads fails the release"', () => {
  const PIN = '.ci/lint-fingerprint.json'
  function changePin(): void {
    const pin = JSON.parse(readFileSync(join(a, PIN), 'utf8')) as { schemas: Record<string, string> }
    pin.schemas.bucket = '0'.repeat(64)
    writeFileSync(join(a, PIN), `${JSON.stringify(pin, null, 2)}\n`)
  }
  afterAll(() => git(a, 'reset', '-q', '--hard', `v${VERSION}`))

  it('the packed lint against a pin it does not match fails, saying what changed', async () => {
    changePin()
    const result = await run(a, '.ci/lint-pin', ['tarball', VERSION])
    expect(result.code).toBe(1)
    expect(result.output).toContain('what the lint reads changed:\n- the bucket schema changed')
    expect(result.output).toContain('add a line under "### Content format"')
  })

  it('a pin changed since the last release without a Content format line in the changelog refuses the release', async () => {
    git(a, 'commit', '-q', '-am', 'the bucket format changed')
    const result = await run(a, '.ci/release', ['0.3.0'])
    expect(result.code).toBe(2)
    expect(result.output).toContain(
      `what the lint reads changed since v${VERSION} (the bucket schema changed) but CHANGELOG.md has no line under Unreleased, "### Content format"`,
    )
    expect(git(a, 'tag', '--list')).toBe(`v${VERSION}`)
  })
})

describe('the release made in a clean clone, deployed', () => {
  it('the root script installs and serves it on a temporary tree', async () => {
    const host = createDeployHost([`${key}.pub`])
    try {
      const port = await freePort()
      host.addInstance('site', port, 'site.example.org')
      expect(existsSync(join(a, TARBALL))).toBe(true)
      const tarball = host.download(join(a, TARBALL))
      const result = await runDeploy(host, ['site', `v${VERSION}`, tarball], `CONTENT_REPO=${DEMO}\n`)
      expect(result.stderr).toContain(`site runs v${VERSION}`)
      expect(host.running('site')).toBe(join(host.root, `site/releases/v${VERSION}`))
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200)
    } finally {
      host.stop()
    }
  })
})
