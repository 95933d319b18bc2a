// Content loading from a folder, a git URL, and owner/name over the git host's API.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadContent, readCompileOptions } from '../../server/content/load'
import { createContentSource } from '../../server/content/sources/create-source'
import { hostedFiles, startGitHostApi, type GitHostApi } from '../support/git-host-api'
import { DEMO } from '../support/server'

const options = readCompileOptions({})
let work: string
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'svc-sources-'))
})
afterAll(() => rmSync(work, { recursive: true, force: true }))

function gitRepo(): string {
  const dir = join(work, `repo-${Math.random().toString(36).slice(2)}`)
  cpSync(DEMO, dir, { recursive: true })
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' })
  git('init', '--quiet', '--initial-branch=main')
  git('-c', 'user.email=t@example.org', '-c', 'user.name=t', 'add', '.')
  git('-c', 'user.email=t@example.org', '-c', 'user.name=t', 'commit', '--quiet', '-m', 'site')
  return dir
}

describe('content sources', () => {
  it('reads a local folder', async () => {
    const { site, diagnostics } = await loadContent(createContentSource({ CONTENT_REPO: DEMO }), options)
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    expect(site?.pages.length).toBeGreaterThan(3)
  })

  it(
    'Runtime configuration: CONTENT_REPO, CONTENT_BRANCH: clones and follows a git URL with the git CLI, one ' +
      'snapshot per commit',
    async () => {
      const repo = gitRepo()
      const source = createContentSource({
        CONTENT_REPO: `file://${repo}`,
        CONTENT_BRANCH: 'main',
        DATA_DIR: join(work, 'data'),
      })
      const first = await loadContent(source, options)
      expect(first.site?.branding.name[0]).toBe('Fix My Street Northvale')
      writeFileSync(
        join(repo, 'site.yaml'),
        readFileSync(join(repo, 'site.yaml'), 'utf8').replace('name: Fix My Street Northvale', 'name: Fix My Road'),
      )
      execFileSync('git', ['-c', 'user.email=t@example.org', '-c', 'user.name=t', 'commit', '-qam', 'rename'], {
        cwd: repo,
      })
      const second = await loadContent(source, options)
      expect(second.site?.branding.name[0]).toBe('Fix My Road')
      expect(second.snapshot.revision).not.toBe(first.snapshot.revision)
      // The older snapshot still reads its own pictures.
      expect(await first.snapshot.readPublic('logo.svg')).not.toBeNull()
    },
  )

  it('names the repository, never the token, when a git host refuses or is missing', async () => {
    const source = createContentSource({
      CONTENT_REPO: 'https://user:s3cret-token@127.0.0.1:1/site.git',
      GIT_API_TOKEN: 'tok-123',
      DATA_DIR: join(work, 'data'),
    })
    const error = await loadContent(source, options).then(
      () => null,
      (e: Error) => e,
    )
    expect(error?.message).toContain('https://127.0.0.1:1/site.git#main')
    expect(error?.message).not.toContain('s3cret')
    expect(error?.message).not.toContain('tok-123')
    const missingBranch = createContentSource({
      CONTENT_REPO: `file://${gitRepo()}`,
      CONTENT_BRANCH: 'nope',
      DATA_DIR: join(work, 'data'),
    })
    await expect(loadContent(missingBranch, options)).rejects.toThrow(/branch does not exist/)
  })
})

describe('owner/name on the git host API', () => {
  let api: GitHostApi
  beforeAll(async () => {
    api = await startGitHostApi('acme/site', 'good-token')
    api.push(hostedFiles(DEMO))
  })
  afterAll(() => api.close())

  it(
    'Runtime configuration: GIT_API_TOKEN (Endpoints: /site/ pictures are fetched from the content host): ' +
      'reads the repository through the API with GIT_API_TOKEN, pictures on demand',
    async () => {
      const source = createContentSource({
        CONTENT_REPO: 'acme/site',
        GIT_API_TOKEN: 'good-token',
        GIT_API_URL: api.url,
      })
      const { site, snapshot } = await loadContent(source, options)
      expect(site?.branding.name[0]).toBe('Fix My Street Northvale')
      expect(new TextDecoder().decode((await snapshot.readPublic('logo.svg')) ?? new Uint8Array())).toContain('<svg')
      expect(await snapshot.readPublic('nope.png')).toBeNull()
    },
  )

  it('says which repository was refused on a wrong token, and never prints the token', async () => {
    const source = createContentSource({
      CONTENT_REPO: 'acme/site',
      GIT_API_TOKEN: 'wrong-token',
      GIT_API_URL: api.url,
    })
    const error = await loadContent(source, options).then(
      () => null,
      (e: Error) => e,
    )
    expect(error?.message).toMatch(/refused access to acme\/site#main .*check GIT_API_TOKEN/)
    expect(error?.message).not.toContain('wrong-token')
  })

  it('says the host cannot be reached when it is down', async () => {
    const source = createContentSource({ CONTENT_REPO: 'acme/site', GIT_API_URL: 'http://127.0.0.1:1' })
    await expect(loadContent(source, options)).rejects.toThrow(/cannot reach the content host for acme\/site#main/)
  })
})
