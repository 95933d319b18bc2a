// A content repository read through the git host's REST API (`owner/name`),
// for hosts where cloning is not wanted. Pictures are fetched on demand.
import { kindOfGitMode, type EntryKind } from '../refused-entries'
import { ContentSourceError, isContentText, isIgnored, type ContentSource } from './types'

export interface GithubSourceOptions {
  readonly repo: string
  readonly branch: string
  readonly apiUrl: string
  readonly token?: string
  /** Bytes of pictures kept in memory per snapshot. */
  readonly cacheBytes?: number
}

interface TreeEntry {
  path: string
  mode: string
  type: string
  sha: string
  size?: number
}

export function createGithubSource(opts: GithubSourceOptions): ContentSource {
  const label = `${opts.repo}#${opts.branch}`
  const get = async (path: string, accept: string): Promise<Response> => {
    const headers: Record<string, string> = { accept, 'user-agent': 'svc', 'x-github-api-version': '2022-11-28' }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    let res: Response
    try {
      res = await fetch(`${opts.apiUrl.replace(/\/$/, '')}/repos/${opts.repo}${path}`, {
        headers,
        signal: AbortSignal.timeout(20_000),
      })
    } catch (cause) {
      throw new ContentSourceError(`cannot reach the content host for ${label}`, { cause })
    }
    if (res.ok) return res
    if (res.status === 401 || res.status === 403)
      throw new ContentSourceError(
        `the content host refused access to ${label} (HTTP ${res.status}); check GIT_API_TOKEN`,
      )
    if (res.status === 404 || res.status === 422)
      throw new ContentSourceError(`${label} was not found on the content host (or the token cannot see it)`)
    throw new ContentSourceError(`the content host answered HTTP ${res.status} for ${label}`)
  }
  const blob = async (sha: string) =>
    new Uint8Array(await (await get(`/git/blobs/${sha}`, 'application/vnd.github.raw+json')).arrayBuffer())

  return {
    label,
    async fetch() {
      const sha = (
        await (await get(`/commits/${encodeURIComponent(opts.branch)}`, 'application/vnd.github.sha')).text()
      ).trim()
      const tree = (await (await get(`/git/trees/${sha}?recursive=1`, 'application/vnd.github+json')).json()) as {
        tree?: TreeEntry[]
        truncated?: boolean
      }
      if (tree.truncated)
        throw new ContentSourceError(`${label} is too large to read through the API; use a git URL instead`)
      const entries = (tree.tree ?? []).filter((e) => !isIgnored(e.path)).map((e) => ({ ...e, kind: kindOf(e) }))
      const blobs = entries.filter((e) => e.kind === 'file')
      const refused = entries.flatMap(({ path, kind }) =>
        kind === 'file' || kind === 'folder' ? [] : [{ path, kind }],
      )
      const texts = new Map<string, string>()
      await Promise.all(
        blobs
          .filter((e) => isContentText(e.path))
          .map(async (e) => {
            texts.set(e.path, new TextDecoder().decode(await blob(e.sha)))
          }),
      )
      const pictures = new Map(
        blobs.filter((e) => e.path.startsWith('public/')).map((e) => [e.path.slice('public/'.length), e.sha]),
      )
      const cache = new Map<string, Uint8Array>()
      let cached = 0
      return {
        revision: sha.slice(0, 12),
        files: {
          texts: new Map([...texts].sort(([a], [b]) => a.localeCompare(b))),
          publicFiles: [...pictures.keys()],
          refused,
        },
        async readPublic(path) {
          const hit = cache.get(path)
          if (hit) return hit
          const blobSha = pictures.get(path)
          if (!blobSha) return null
          const bytes = await blob(blobSha)
          if (cached + bytes.byteLength <= (opts.cacheBytes ?? 32 << 20)) {
            cache.set(path, bytes)
            cached += bytes.byteLength
          }
          return bytes
        },
      }
    },
  }
}

// A symlink comes as a blob of mode 120000 holding its target, a submodule as
// a commit: only a blob of a regular file's mode is content.
function kindOf(entry: TreeEntry): EntryKind {
  const kind = kindOfGitMode(entry.mode)
  const expected = kind === 'folder' ? 'tree' : kind === 'submodule' ? 'commit' : 'blob'
  return entry.type === expected ? kind : 'special'
}
