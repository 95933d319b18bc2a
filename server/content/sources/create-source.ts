// CONTENT_REPO may be a folder, any git URL, or owner/name on the git host's API.
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { createGitSource } from './git'
import { createGithubSource } from './github'
import { createLocalSource } from './local'
import { ContentSourceError, type ContentSource } from './types'

export interface SourceEnv {
  readonly CONTENT_REPO?: string
  readonly CONTENT_BRANCH?: string
  readonly GIT_API_TOKEN?: string
  readonly GIT_API_URL?: string
  readonly DATA_DIR?: string
}

export function createContentSource(env: SourceEnv, fallbackDir?: string): ContentSource {
  const repo = env.CONTENT_REPO?.trim() || fallbackDir
  if (!repo) throw new ContentSourceError('CONTENT_REPO is not set: point it at a folder, a git URL, or owner/name')
  const branch = env.CONTENT_BRANCH?.trim() || 'main'
  const token = env.GIT_API_TOKEN?.trim() || undefined
  if (existsSync(repo) && statSync(repo).isDirectory()) return createLocalSource(repo)
  if (/^([a-z][\w+.-]*:\/\/|[\w.-]+@[\w.-]+:)/i.test(repo) || repo.endsWith('.git')) {
    return createGitSource({ url: repo, branch, token, cacheDir: join(env.DATA_DIR ?? '.data', 'content') })
  }
  if (isApiRepo(repo)) {
    return createGithubSource({ repo, branch, token, apiUrl: env.GIT_API_URL ?? 'https://api.github.com' })
  }
  throw new ContentSourceError(`CONTENT_REPO "${repo}" is neither a folder, a git URL, nor owner/name`)
}

/** `owner/name` on the git host's API (a folder of that name is a folder, checked first). */
export function isApiRepo(repo: string): boolean {
  return /^[\w.-]+\/[\w.-]+$/.test(repo) && !existsSync(repo)
}
