// Issue 31 item 3: where an accepted suggestion is written. A folder that is
// its own git work tree is written and committed; a folder that a larger
// repository ignores (the demo `npm start` serves from .output/site) is
// written and committed nowhere; one a larger repository tracks (examples/demo
// in the service's checkout) is left alone for the change to be made by hand.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createChangeCommitter } from '../../server/suggestions/commit-change'
import type { Suggestion } from '../../server/suggestions/suggestion-record'
import { loadDemo } from '../support/demo-site'
import { DEMO } from '../support/server'

const made: string[] = []
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.org',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.org',
    },
  })
    .toString()
    .trim()

/** A repository holding the demo under `sub`, ignored or tracked by it. */
function repositoryWithDemo(sub: string, ignored: boolean): string {
  const repo = mkdtempSync(join(tmpdir(), 'svc-commit-change-'))
  made.push(repo)
  git(repo, 'init', '--quiet', '--initial-branch=main')
  if (ignored) writeFileSync(join(repo, '.gitignore'), `${sub}/\n`)
  mkdirSync(join(repo, sub), { recursive: true })
  cpSync(DEMO, join(repo, sub), { recursive: true })
  git(repo, 'add', '.')
  git(repo, 'commit', '--quiet', '-m', 'start')
  return join(repo, sub)
}

const suggestion: Suggestion = {
  id: 's1',
  page: '/about/privacy',
  file: 'pages/about/privacy.yaml',
  title: 'Privacy',
  by: { subject: 'sub-ann', name: 'Ann Author', email: 'ann@example.org' },
  revision: 'r1',
  changes: [{ key: 'title', label: 'Title', storyline: 'plain', before: 'Privacy', after: 'Your privacy' }],
  state: 'accepted',
  sentAt: '2030-01-01T08:00:00.000Z',
} as Suggestion

async function accept(dir: string) {
  const site = await loadDemo(dir)
  const file = suggestion.file
  const files = { texts: new Map([[file, readFileSync(join(dir, file), 'utf8')]]), publicFiles: [], refused: [] }
  let reloads = 0
  const commit = createChangeCommitter(
    { kind: 'folder', dir },
    async () => ({ site, files }),
    () => reloads++,
  )
  const written = await commit(suggestion, { name: 'Kari Caseworker', email: 'kari@example.org', subject: 'sub-kari' })
  return { written, reloads, text: readFileSync(join(dir, file), 'utf8') }
}

describe('issue 31 item 3: an accepted suggestion is written where the content lives', () => {
  it('a folder a larger repository ignores (the demo npm start serves) is written and reloaded, committed nowhere', async () => {
    const dir = repositoryWithDemo('.output/site', true)
    const { written, reloads, text } = await accept(dir)
    expect(written).toEqual({ file: suggestion.file })
    expect(reloads).toBe(1)
    expect(text).toContain('title: ["Your privacy", "What we do with your report"]')
    expect(git(dir, 'log', '--format=%s')).toBe('start')
  })

  it('a folder a larger repository tracks is left as it is, for the change to be made by hand', async () => {
    const dir = repositoryWithDemo('examples/demo', false)
    const { written, reloads, text } = await accept(dir)
    expect(written).toBeNull()
    expect(reloads).toBe(0)
    expect(text).toContain('title: ["Privacy", "What we do with your report"]')
    expect(git(dir, 'status', '--porcelain')).toBe('')
  })
})
