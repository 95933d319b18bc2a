// A content repository reached with the git CLI: any URL git understands.
// Each commit is unpacked once into its own folder, so a snapshot never
// changes under a request that is still reading it.
import { execFile, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { childEnvironment } from '../../config/child-env'
import { kindOfGitMode, type RefusedEntry } from '../refused-entries'
import { snapshotFromFolder } from './local'
import { ContentSourceError, isIgnored, type ContentSource } from './types'

const run = promisify(execFile)

export interface GitSourceOptions {
  readonly url: string
  readonly branch: string
  readonly cacheDir: string
  /** Sent as a bearer header to https hosts; never put on a command line or in a message. */
  readonly token?: string
}

export function createGitSource(opts: GitSourceOptions): ContentSource {
  const label = `${redact(opts.url)}#${opts.branch}`
  const base = join(opts.cacheDir, createHash('sha256').update(opts.url).digest('hex').slice(0, 16))
  const bare = join(base, 'repo.git')
  const env = gitEnv(opts)
  const git = async (args: string[]) =>
    (await run('git', ['--git-dir', bare, ...args], { env, maxBuffer: 64 << 20 })).stdout.trim()

  return {
    label,
    async fetch() {
      let sha: string
      try {
        await mkdir(base, { recursive: true })
        if (!(await exists(join(bare, 'HEAD')))) await run('git', ['init', '--bare', '--quiet', bare], { env })
        await git([
          'fetch',
          '--quiet',
          '--depth',
          '1',
          '--no-tags',
          opts.url,
          `+refs/heads/${opts.branch}:refs/heads/${opts.branch}`,
        ])
        sha = await git(['rev-parse', '--verify', `refs/heads/${opts.branch}^{commit}`])
      } catch (cause) {
        throw new ContentSourceError(`cannot fetch ${label}: ${explain(cause)}`, { cause })
      }
      const dir = join(base, sha)
      if (!(await exists(dir))) await unpack(bare, sha, dir, env)
      const { paths, refused } = readTree(await git(['ls-tree', '-r', '-z', sha]))
      return snapshotFromFolder(dir, paths, refused, sha.slice(0, 12))
    },
  }
}

// Only the tree's modes tell a symlink or a submodule from a file: tar has
// already made the links on disk, and nothing may ever read through them.
function readTree(listing: string): { paths: string[]; refused: RefusedEntry[] } {
  const paths: string[] = []
  const refused: RefusedEntry[] = []
  for (const entry of listing.split('\0')) {
    // `<mode> <type> <object>\t<path>`; -z leaves the path unquoted.
    const tab = entry.indexOf('\t')
    const path = entry.slice(tab + 1)
    if (tab < 0 || isIgnored(path)) continue
    const kind = kindOfGitMode(entry.slice(0, entry.indexOf(' ')))
    if (kind === 'file') paths.push(path)
    else if (kind !== 'folder') refused.push({ path, kind })
  }
  return { paths, refused }
}

async function unpack(bare: string, sha: string, dir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const tmp = `${dir}.tmp-${process.pid}`
  await rm(tmp, { recursive: true, force: true })
  await mkdir(tmp, { recursive: true })
  await new Promise<void>((resolve, reject) => {
    const archive = spawn('git', ['--git-dir', bare, 'archive', '--format=tar', sha], { env })
    const tar = spawn('tar', ['-x', '-C', tmp])
    archive.stdout.pipe(tar.stdin)
    archive.on('error', reject)
    tar.on('error', reject)
    tar.on('close', (code) =>
      code === 0 ? resolve() : reject(new ContentSourceError(`unpacking ${sha.slice(0, 12)} failed`)),
    )
  })
  await rename(tmp, dir).catch(async (err: NodeJS.ErrnoException) => {
    // Another instance sharing the cache unpacked the same commit first.
    await rm(tmp, { recursive: true, force: true })
    if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err
  })
}

function gitEnv(opts: GitSourceOptions): NodeJS.ProcessEnv {
  const env: Record<string, string> = { GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: 'true' }
  if (opts.token && /^https:/.test(opts.url)) {
    env.GIT_CONFIG_COUNT = '1'
    env.GIT_CONFIG_KEY_0 = 'http.extraHeader'
    env.GIT_CONFIG_VALUE_0 = `Authorization: Bearer ${opts.token}`
  }
  return childEnvironment(env)
}

/** Drops user:password@ from a URL so a credential never reaches a log. */
function redact(url: string): string {
  return url.replace(/^([a-z][\w+.-]*:\/\/)[^/@]*@/i, '$1')
}

function explain(cause: unknown): string {
  const stderr = String((cause as { stderr?: string }).stderr ?? (cause as Error).message ?? cause)
  if (/couldn't find remote ref|not our ref|invalid refspec/i.test(stderr)) return 'the branch does not exist'
  if (/authentication|403|401|could not read Username|permission denied/i.test(stderr))
    return 'access was refused; check GIT_API_TOKEN'
  if (/not found|does not appear to be a git repository|does not exist/i.test(stderr)) return 'no repository there'
  if (/could not resolve|connection refused|timed out|unable to access/i.test(stderr))
    return 'the git host cannot be reached'
  return 'git failed'
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  )
}
