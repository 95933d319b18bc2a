// A stand-in for the git host's REST API (commits, recursive trees, raw blobs)
// holding one repository, answering the way the real host does, modes included.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, relative, sep } from 'node:path'

export interface HostedEntry {
  readonly path: string
  /** 100644 a file, 120000 a symlink (its bytes are the target), 160000 a submodule. */
  readonly mode: string
  readonly bytes?: Uint8Array
}

export interface GitHostApi {
  /** GIT_API_URL for the service. */
  readonly url: string
  /** Makes `entries` the branch's new head commit; returns its sha. */
  push(entries: readonly HostedEntry[]): string
  close(): Promise<void>
}

const TYPE_OF_MODE: Record<string, string> = { '040000': 'tree', '160000': 'commit' }

export async function startGitHostApi(repo: string, token: string, branch = 'main'): Promise<GitHostApi> {
  const commits = new Map<string, { path: string; mode: string; type: string; sha: string }[]>()
  const blobs = new Map<string, Uint8Array>()
  let head = ''
  const server = createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${token}`)
      return void res.writeHead(401).end('{"message":"Bad credentials"}')
    const url = req.url ?? ''
    if (url === `/repos/${repo}/commits/${branch}` && head) return void res.end(head)
    const match = url.startsWith(`/repos/${repo}/git/`) ? /\/(trees|blobs)\/(\w+)(\?recursive=1)?$/.exec(url) : null
    const tree = match?.[1] === 'trees' && commits.get(match[2] ?? '')
    if (tree) return void res.end(JSON.stringify({ sha: match[2], tree, truncated: false }))
    const blob = match?.[1] === 'blobs' && blobs.get(match[2] ?? '')
    if (blob) return void res.end(blob)
    res.writeHead(404).end('{"message":"Not Found"}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    push(entries) {
      const tree = entries.map(({ path, mode, bytes = new Uint8Array() }) => {
        const sha = createHash('sha1').update(`${mode} ${path}\0`).update(bytes).digest('hex')
        blobs.set(sha, bytes)
        return { path, mode, type: TYPE_OF_MODE[mode] ?? 'blob', sha }
      })
      head = createHash('sha1').update(JSON.stringify(tree)).digest('hex')
      commits.set(head, tree)
      return head
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The regular files of a folder as a repository's entries. */
export function hostedFiles(root: string): HostedEntry[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const full = join(e.parentPath, e.name)
      return { path: relative(root, full).split(sep).join('/'), mode: '100644', bytes: readFileSync(full) }
    })
}
