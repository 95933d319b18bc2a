// An accepted suggestion written into a content repository on this machine:
// a folder (committed when it is a git work tree) or a local git repository
// the service reads over the git CLI (cloned into a work tree, committed and
// pushed back). The person who suggested it is the commit's author, the
// person who accepted it its committer; every instance then reloads. A folder
// is written only when it is a work tree's top or in none at all.
import { execFile } from 'node:child_process'
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { childEnvironment } from '../config/child-env'
import type { ContentFiles } from '../content/compile'
import { readInside } from '../content/sources/read-inside'
import { messagesFor } from '../messages/messages'
import { applyChanges } from './apply-suggestion'
import type { LiveFiles } from './pull-request'
import type { Suggestion } from './suggestion-record'

const run = promisify(execFile)

/** Where a local content repository is: a folder, or a git repository's path or file:// URL and its branch. */
export type LocalRepo =
  | { readonly kind: 'folder'; readonly dir: string }
  | { readonly kind: 'git'; readonly url: string; readonly branch: string }

export interface Committer {
  readonly name?: string | undefined
  readonly email?: string | undefined
  readonly subject: string
}

export interface Written {
  readonly file: string
  /** The commit, when the change was committed. */
  readonly commit?: string
}

export function createChangeCommitter(repo: LocalRepo, live: () => Promise<LiveFiles>, reload: () => void) {
  return async (suggestion: Suggestion, acceptor: Committer): Promise<Written | null> => {
    const { site } = await live()
    const m = messagesFor(site, 0)
    const who = suggestion.by.name ?? suggestion.by.email ?? m.say('pull.someone')
    const message = m.say('pull.commit', { page: suggestion.page, who })
    const env = childEnvironment({
      GIT_TERMINAL_PROMPT: '0',
      GIT_AUTHOR_NAME: suggestion.by.name ?? suggestion.by.email ?? suggestion.by.subject,
      GIT_AUTHOR_EMAIL: suggestion.by.email ?? '',
      GIT_COMMITTER_NAME: acceptor.name ?? acceptor.email ?? acceptor.subject,
      GIT_COMMITTER_EMAIL: acceptor.email ?? '',
    })
    const git = async (cwd: string, args: string[]) => (await run('git', args, { cwd, env })).stdout.trim()
    const write = async (dir: string) => {
      const root = await realpath(dir)
      const text = (await readInside(root, suggestion.file))?.toString('utf8')
      const page = site.pages.find((p) => p.file === suggestion.file)
      if (text === undefined || page === undefined) throw new Error('[svc] [suggestions] the page file is not there')
      const files: ContentFiles = { texts: new Map([[suggestion.file, text]]), publicFiles: [], refused: [] }
      const applied = applyChanges(files, page, site.storylines, suggestion.changes)
      if (applied === null) throw new Error('[svc] [suggestions] the page is no longer where the suggestion was made')
      await writeFile(join(root, suggestion.file), applied.fileText)
      return root
    }
    const commit = async (dir: string) => {
      await git(dir, ['add', '--', suggestion.file])
      await git(dir, ['commit', '--quiet', '--no-verify', '-m', message, '--', suggestion.file])
      return git(dir, ['rev-parse', 'HEAD'])
    }

    if (repo.kind === 'folder') {
      const root = await realpath(repo.dir)
      const top = await git(root, ['rev-parse', '--show-toplevel']).catch(() => null)
      const own = top !== null && (await realpath(top)) === root
      // A folder a larger repository tracks (examples/demo in the service's own checkout) is not the content's
      // own history: nothing is written there, and the desk shows the change to make by hand. One it ignores
      // (the demo `npm start` serves from .output/site) is written, and committed nowhere.
      if (top !== null && !own && !(await ignoredBy(root, git))) return null
      await write(root)
      const sha = own ? await commit(root) : undefined
      reload()
      return { file: suggestion.file, ...(sha === undefined ? {} : { commit: sha }) }
    }
    const work = await mkdtemp(join(tmpdir(), 'svc-suggestion-'))
    try {
      await git(work, ['clone', '--quiet', '--depth', '1', '--branch', repo.branch, '--', repo.url, 'tree'])
      const tree = join(work, 'tree')
      await write(tree)
      const sha = await commit(tree)
      await git(tree, ['push', '--quiet', 'origin', `HEAD:refs/heads/${repo.branch}`])
      reload()
      return { file: suggestion.file, commit: sha }
    } finally {
      await rm(work, { recursive: true, force: true })
    }
  }
}

async function ignoredBy(dir: string, git: (cwd: string, args: string[]) => Promise<string>): Promise<boolean> {
  return git(dir, ['check-ignore', '--quiet', '--', '.']).then(
    () => true,
    () => false,
  )
}

/** CONTENT_REPO as a repository on this machine, or null for one elsewhere. */
export function localRepo(repo: string, branch: string, isFolder: boolean): LocalRepo | null {
  if (isFolder) return { kind: 'folder', dir: repo }
  if (/^file:\/\//i.test(repo) || (repo.startsWith('/') && repo.endsWith('.git')))
    return { kind: 'git', url: repo, branch }
  return null
}
