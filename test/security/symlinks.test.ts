// Attack class: a content repository that reaches outside itself. A committed
// symlink (absolute, relative, to a folder, to /proc/self/environ, to a file of
// the repository) or a submodule must never make the service read or serve a
// file of the server: every source refuses them as errors, content holding one
// never goes live, and /site/** serves only regular files inside public/.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadContent, readCompileOptions } from '../../server/content/load'
import { createContentSource } from '../../server/content/sources/create-source'
import { readInside } from '../../server/content/sources/read-inside'
import { sendPush } from '../support/content-push'
import { hostedFiles, startGitHostApi, type GitHostApi, type HostedEntry } from '../support/git-host-api'
import { DEMO, runServerToExit, startServer, type RunningServer } from '../support/server'

// What no response, log line or diagnostic may ever hold: the bytes of the
// link targets, and the service's own environment.
const MARKER = `svc-symlink-marker-${randomBytes(12).toString('hex')}`
const HOOK_SECRET = 'symlink-hook-secret'
const TOKEN = 'symlink-api-token'
const options = readCompileOptions({})

let work: string
let outside: string

beforeAll(() => {
  work = realpathSync(mkdtempSync(join(tmpdir(), 'svc-symlinks-')))
  outside = join(work, 'outside')
  mkdirSync(outside)
  writeFileSync(join(outside, 'secret.txt'), `${MARKER}\n`)
  writeFileSync(join(outside, 'secret.svg'), `<svg xmlns="http://www.w3.org/2000/svg"><title>${MARKER}</title></svg>`)
})
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Link path in the repository -> target, as an attacker commits them. */
function links(): Record<string, string> {
  const secret = join(outside, 'secret.txt')
  return {
    'public/abs.txt': secret,
    // Enough ../ to reach / from any checkout, the way ../../../../etc/hostname does.
    'public/rel.svg': `${'../'.repeat(24)}${join(outside, 'secret.svg').slice(1)}`,
    'public/dir': outside,
    'public/env.txt': '/proc/self/environ',
    'public/inside.svg': 'logo.svg',
    // A served file replaced by a link: the old snapshot still lists its name.
    'public/logo.svg': join(outside, 'secret.svg'),
    'pages/leak.yaml': secret,
  }
}

const REFUSED = [
  'pages/leak.yaml',
  'public/abs.txt',
  'public/dir',
  'public/env.txt',
  'public/inside.svg',
  'public/logo.svg',
  'public/rel.svg',
  'public/sub',
]
/** What a visitor would ask /site/ for to reach a target. */
const PROBES = [
  'abs.txt',
  'rel.svg',
  'dir/secret.txt',
  'dir/secret.svg',
  'env.txt',
  'inside.svg',
  'sub/secret.txt',
  'logo.svg',
]

function copyDemo(): string {
  const repo = join(work, `repo-${randomBytes(4).toString('hex')}`)
  cpSync(DEMO, repo, { recursive: true })
  return repo
}

function plantLinks(repo: string): void {
  for (const [path, target] of Object.entries(links())) {
    rmSync(join(repo, path), { force: true })
    symlinkSync(target, join(repo, path))
  }
}

function git(repo: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@example.org', '-c', 'user.name=t', ...args], {
    cwd: repo,
    stdio: 'pipe',
  })
    .toString()
    .trim()
}

interface Hosted {
  /** Where the service reads the content from. */
  readonly env: Record<string, string>
  /** Commits the links and a submodule on top of the clean content. */
  attack(): void
  close(): Promise<void>
}

const SOURCES: { name: string; host: () => Promise<Hosted> }[] = [
  {
    name: 'a local folder',
    async host() {
      const repo = copyDemo()
      return {
        env: { CONTENT_REPO: repo },
        attack() {
          plantLinks(repo)
          // An initialised submodule's checkout: a folder with a .git file.
          mkdirSync(join(repo, 'public/sub'))
          writeFileSync(join(repo, 'public/sub/.git'), 'gitdir: ../../.git/modules/sub\n')
          writeFileSync(join(repo, 'public/sub/secret.txt'), MARKER)
        },
        close: async () => {},
      }
    },
  },
  {
    name: 'a git URL (file://)',
    async host() {
      const repo = copyDemo()
      git(repo, 'init', '--quiet', '--initial-branch=main')
      git(repo, 'add', '.')
      git(repo, 'commit', '--quiet', '-m', 'clean site')
      return {
        env: { CONTENT_REPO: `file://${repo}`, CONTENT_BRANCH: 'main' },
        attack() {
          plantLinks(repo)
          git(repo, 'add', '-A')
          git(repo, 'update-index', '--add', '--cacheinfo', `160000,${git(repo, 'rev-parse', 'HEAD')},public/sub`)
          git(repo, 'commit', '--quiet', '-m', 'links')
        },
        close: async () => {},
      }
    },
  },
  {
    name: 'owner/name on the git host API',
    async host() {
      const api: GitHostApi = await startGitHostApi('acme/site', TOKEN)
      const files = hostedFiles(DEMO)
      api.push(files)
      return {
        env: { CONTENT_REPO: 'acme/site', GIT_API_URL: api.url, GIT_API_TOKEN: TOKEN },
        attack() {
          const linked: HostedEntry[] = Object.entries(links()).map(([path, target]) => ({
            path,
            mode: '120000',
            bytes: Buffer.from(target),
          }))
          const taken = new Set(linked.map((e) => e.path))
          api.push([...files.filter((f) => !taken.has(f.path)), ...linked, { path: 'public/sub', mode: '160000' }])
        },
        close: () => api.close(),
      }
    },
  },
]

async function site(server: RunningServer, path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${server.url}/site/${path}`)
  return { status: res.status, body: await res.text() }
}

async function revisionOf(server: RunningServer): Promise<string> {
  return ((await (await fetch(`${server.url}/readyz`)).json()) as { revision: string }).revision
}

function pushHook(server: RunningServer): Promise<Response> {
  return sendPush(server.url, HOOK_SECRET, 'f'.repeat(40))
}

describe.each(SOURCES)('content read from $name', ({ host }) => {
  let hosted: Hosted
  let server: RunningServer

  beforeAll(async () => {
    hosted = await host()
    server = await startServer({ ...hosted.env, CONTENT_WEBHOOK_SECRET: HOOK_SECRET, SVC_SYMLINK_MARKER: MARKER })
  })
  afterAll(async () => {
    await server?.stop()
    await hosted?.close()
  })

  it(
    'content reads stay inside the snapshot: a link committed after a clean revision never goes live, and ' +
      '/site/<link> never returns the target',
    async () => {
      const logo = await site(server, 'logo.svg')
      expect(logo.status).toBe(200)
      expect(logo.body).toContain('<svg')
      const clean = await revisionOf(server)

      hosted.attack()
      const since = server.output().length
      expect((await pushHook(server)).status).toBe(202)
      await expect.poll(() => server.output().slice(since), { timeout: 15_000 }).toContain('reload refused')

      const log = server.output().slice(since)
      for (const path of REFUSED) expect(log).toContain(`${path}:1:1: error: this is a `)
      expect(log).toContain('public/sub:1:1: error: this is a submodule')
      expect(await revisionOf(server)).toBe(clean)
      expect((await fetch(`${server.url}/about`)).status).toBe(200)
      for (const path of PROBES) {
        const answer = await site(server, path)
        expect(answer.body, `/site/${path}`).not.toContain(MARKER)
        // The old snapshot of a git source still has its own logo; a folder's is now a link.
        if (answer.status === 200) expect([path, answer.body]).toEqual(['logo.svg', logo.body])
        else expect(answer.status, `/site/${path}`).toBe(404)
      }
      expect(server.output()).not.toContain(MARKER)
    },
  )

  it(
    'content reads stay inside the snapshot: every link and the submodule is a not-a-file error naming its ' +
      'path, and none is read',
    async () => {
      const {
        site: model,
        diagnostics,
        snapshot,
      } = await loadContent(createContentSource({ ...hosted.env, DATA_DIR: join(work, 'data') }), options)
      expect(model).toBeNull()
      expect(diagnostics.filter((d) => d.rule === 'not-a-file').map((d) => `${d.file} ${d.severity}`)).toEqual(
        REFUSED.map((p) => `${p} error`),
      )
      expect(JSON.stringify(diagnostics)).not.toContain(MARKER)
      for (const path of PROBES) expect(await snapshot.readPublic(path), path).toBeNull()
    },
  )

  it(
    'content reads stay inside the snapshot: the service does not start on content holding links, and prints ' +
      'no target bytes',
    async () => {
      const { code, output } = await runServerToExit({
        ...hosted.env,
        DATA_DIR: join(work, `data-${randomBytes(4).toString('hex')}`),
        SVC_SYMLINK_MARKER: MARKER,
      })
      expect(code).toBe(1)
      expect(output).toContain('public/env.txt:1:1: error: this is a symbolic link')
      expect(output).not.toContain(MARKER)
    },
  )
})

describe('reads of an unpacked snapshot', () => {
  it(
    'content reads stay inside the snapshot: even a path a source wrongly listed is read only as a regular ' +
      'file inside the folder',
    async () => {
      const root = copyDemo()
      plantLinks(root)
      execFileSync('mkfifo', [join(root, 'public/pipe.svg')])
      mkdirSync(join(root, 'public/real'))
      symlinkSync(join(root, 'public/dir'), join(root, 'public/real/hop'))
      const base = join(root, 'public')
      for (const path of [
        'abs.txt',
        'rel.svg',
        'dir/secret.txt',
        'env.txt',
        'inside.svg',
        'logo.svg',
        'pipe.svg',
        'real/hop/secret.txt',
        '../../outside/secret.txt',
        'real',
        '',
      ]) {
        expect(await readInside(base, path), path).toBeNull()
      }
      expect((await readInside(base, 'street.svg'))?.toString()).toBe(
        readFileSync(join(DEMO, 'public/street.svg'), 'utf8'),
      )
    },
  )
})
