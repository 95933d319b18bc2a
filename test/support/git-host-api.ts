// A stand-in for the git host's REST API (commits, recursive trees, raw blobs)
// holding one repository, answering the way the real host does, modes included.
// It also takes what an accepted edit suggestion sends: a branch (git refs),
// a file committed on it (contents) and a pull request, which `merge` makes
// the content branch's head.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, relative, sep } from 'node:path'

export interface HostedEntry {
  readonly path: string
  /** 100644 a file, 120000 a symlink (its bytes are the target), 160000 a submodule. */
  readonly mode: string
  readonly bytes?: Uint8Array
}

export interface PullRequest {
  readonly number: number
  readonly title: string
  readonly head: string
  readonly base: string
  readonly body: string
  /** Commit messages on the head branch when it was opened, oldest first. */
  readonly messages: readonly string[]
}

export interface GitHostApi {
  /** GIT_API_URL for the service. */
  readonly url: string
  /** Makes `entries` the branch's new head commit; returns its sha. */
  push(entries: readonly HostedEntry[]): string
  readonly pulls: readonly PullRequest[]
  /** A file's text on a branch, as it is there now. */
  fileOn(branch: string, path: string): string | undefined
  /** Makes the pull request's head the content branch's head, as merging it does. */
  merge(number: number): string
  close(): Promise<void>
}

type TreeEntry = { path: string; mode: string; type: string; sha: string }

const TYPE_OF_MODE: Record<string, string> = { '040000': 'tree', '160000': 'commit' }

export async function startGitHostApi(repo: string, token: string, branch = 'main'): Promise<GitHostApi> {
  const commits = new Map<string, TreeEntry[]>()
  const blobs = new Map<string, Uint8Array>()
  const heads = new Map<string, string>()
  const pulls: PullRequest[] = []
  const messagesByBranch = new Map<string, string[]>()
  const commit = (tree: TreeEntry[]) => {
    const sha = createHash('sha1').update(JSON.stringify(tree)).digest('hex')
    commits.set(sha, tree)
    return sha
  }
  const entryOf = ({ path, mode, bytes = new Uint8Array() }: HostedEntry): TreeEntry => {
    const sha = createHash('sha1').update(`${mode} ${path}\0`).update(bytes).digest('hex')
    blobs.set(sha, bytes)
    return { path, mode, type: TYPE_OF_MODE[mode] ?? 'blob', sha }
  }
  const server = createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${token}`)
      return void res.writeHead(401).end('{"message":"Bad credentials"}')
    const url = req.url ?? ''
    const head = heads.get(branch)
    if (req.method === 'GET' && url === `/repos/${repo}/commits/${branch}` && head) return void res.end(head)
    const match = url.startsWith(`/repos/${repo}/git/`) ? /\/(trees|blobs)\/(\w+)(\?recursive=1)?$/.exec(url) : null
    const tree = match?.[1] === 'trees' && commits.get(match[2] ?? '')
    if (tree) return void res.end(JSON.stringify({ sha: match[2], tree, truncated: false }))
    const blob = match?.[1] === 'blobs' && blobs.get(match[2] ?? '')
    if (blob) return void res.end(blob)
    void answerWrite(req, url).then(
      (answer) => void res.writeHead(answer.status).end(JSON.stringify(answer.body)),
      () => void res.writeHead(400).end('{"message":"Problems parsing JSON"}'),
    )
  })

  // The calls an edit suggestion's pull request makes, GitHub's shapes.
  async function answerWrite(req: IncomingMessage, url: string): Promise<{ status: number; body: object }> {
    const path = new URL(url, 'http://host').pathname
    const base = `/repos/${repo}`
    const notFound = { status: 404, body: { message: 'Not Found' } }
    if (req.method === 'GET' && path.startsWith(`${base}/git/ref/heads/`)) {
      const sha = heads.get(decodeURIComponent(path.slice(`${base}/git/ref/heads/`.length)))
      return sha === undefined ? notFound : { status: 200, body: { object: { sha, type: 'commit' } } }
    }
    const file = decodeURIComponent(path.slice(`${base}/contents/`.length))
    if (req.method === 'GET' && path.startsWith(`${base}/contents/`)) {
      const ref = new URL(url, 'http://host').searchParams.get('ref') ?? branch
      const entry = commits.get(heads.get(ref) ?? '')?.find((e) => e.path === file)
      return entry === undefined ? notFound : { status: 200, body: { sha: entry.sha, path: file } }
    }
    if (req.method !== 'POST' && req.method !== 'PUT') return notFound
    const sent = JSON.parse(await readAll(req)) as Record<string, string>
    if (req.method === 'POST' && path === `${base}/git/refs`) {
      const name = (sent.ref ?? '').replace(/^refs\/heads\//, '')
      if (heads.has(name)) return { status: 422, body: { message: 'Reference already exists' } }
      heads.set(name, sent.sha ?? '')
      return { status: 201, body: { ref: sent.ref, object: { sha: sent.sha } } }
    }
    if (req.method === 'PUT' && path.startsWith(`${base}/contents/`)) {
      const on = sent.branch ?? branch
      const tree = commits.get(heads.get(on) ?? '')
      const now = tree?.find((e) => e.path === file)
      if (tree === undefined || now?.sha !== sent.sha) return { status: 409, body: { message: 'sha does not match' } }
      const changed = entryOf({ path: file, mode: '100644', bytes: Buffer.from(sent.content ?? '', 'base64') })
      heads.set(on, commit(tree.map((e) => (e.path === file ? changed : e))))
      messagesByBranch.set(on, [...(messagesByBranch.get(on) ?? []), sent.message ?? ''])
      return { status: 200, body: { content: { sha: changed.sha }, commit: { sha: heads.get(on) } } }
    }
    if (req.method === 'POST' && path === `${base}/pulls`) {
      const number = pulls.length + 1
      pulls.push({
        number,
        title: sent.title ?? '',
        head: sent.head ?? '',
        base: sent.base ?? '',
        body: sent.body ?? '',
        messages: [...(messagesByBranch.get(sent.head ?? '') ?? [])],
      })
      return { status: 201, body: { number, html_url: `https://git.example.org/${repo}/pull/${number}` } }
    }
    return notFound
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    push(entries) {
      const sha = commit(entries.map(entryOf))
      heads.set(branch, sha)
      return sha
    },
    pulls,
    fileOn(on, path) {
      const entry = commits.get(heads.get(on) ?? '')?.find((e) => e.path === path)
      const bytes = entry === undefined ? undefined : blobs.get(entry.sha)
      return bytes === undefined ? undefined : new TextDecoder().decode(bytes)
    },
    merge(number) {
      const pull = pulls.find((p) => p.number === number)
      const sha = pull === undefined ? undefined : heads.get(pull.head)
      if (sha === undefined) throw new Error(`no pull request #${number}`)
      heads.set(branch, sha)
      return sha
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
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
