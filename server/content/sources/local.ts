// A content repository that is a folder on this machine (the demo site, a checkout).
import { createHash } from 'node:crypto'
import type { Dirent } from 'node:fs'
import { readdir, realpath } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
import type { RefusedEntry } from '../refused-entries'
import { readInside } from './read-inside'
import { ContentSourceError, isContentText, isIgnored, type ContentSnapshot, type ContentSource } from './types'

export function createLocalSource(dir: string, label = dir): ContentSource {
  const root = resolve(dir)
  return {
    label,
    async fetch() {
      const { paths, refused } = await realpath(root)
        .then(walk)
        .catch((cause: unknown) => {
          throw new ContentSourceError(`cannot read the content folder ${label}: ${(cause as Error).message}`, {
            cause,
          })
        })
      return snapshotFromFolder(root, paths, refused)
    },
  }
}

/** `paths` are the regular files of the folder; every read goes through readInside. */
export async function snapshotFromFolder(
  folder: string,
  paths: readonly string[],
  refused: readonly RefusedEntry[],
  revision?: string,
): Promise<ContentSnapshot> {
  const root = await realpath(folder)
  const publicRoot = join(root, 'public')
  const hash = createHash('sha256')
  const texts = new Map<string, string>()
  const unreadable: RefusedEntry[] = []
  for (const path of paths.filter(isContentText).sort()) {
    const bytes = await readInside(root, path)
    // Only when the folder changed under the walk: a link or pipe now stands where a file was.
    if (!bytes) {
      unreadable.push({ path, kind: 'special' })
      continue
    }
    const text = bytes.toString('utf8')
    texts.set(path, text)
    hash.update(path).update('\0').update(text).update('\0')
  }
  const publicFiles = paths.filter((p) => p.startsWith('public/')).map((p) => p.slice('public/'.length))
  const known = new Set(publicFiles)
  return {
    revision: revision ?? hash.digest('hex').slice(0, 12),
    files: { texts, publicFiles, refused: [...refused, ...unreadable] },
    async readPublic(path) {
      return known.has(path) ? readInside(publicRoot, path) : null
    },
  }
}

/** `root` is a real path. */
async function walk(root: string): Promise<{ paths: string[]; refused: RefusedEntry[] }> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  const pathOf = (e: Dirent) => relative(root, join(e.parentPath, e.name)).split(sep).join('/')
  // A folder holding .git is another repository's checkout, a submodule when
  // initialised; .gitmodules names the ones a checkout left as empty folders.
  const folders = new Set(entries.filter((e) => e.isDirectory()).map(pathOf))
  const submodules = new Set(
    [
      ...entries
        .filter((e) => e.name === '.git')
        .map((e) => pathOf(e).replace(/(^|\/)\.git$/, ''))
        .filter(Boolean),
      ...(await declaredSubmodules(root)).filter((p) => folders.has(p)),
    ].filter((p) => !isIgnored(p)),
  )
  const inSubmodule = (p: string) => [...submodules].some((s) => p === s || p.startsWith(`${s}/`))
  const paths: string[] = []
  const refused: RefusedEntry[] = [...submodules].map((path) => ({ path, kind: 'submodule' }))
  for (const e of entries) {
    const path = pathOf(e)
    if (isIgnored(path) || inSubmodule(path) || e.isDirectory()) continue
    if (e.isFile()) paths.push(path)
    else refused.push({ path, kind: e.isSymbolicLink() ? 'symlink' : 'special' })
  }
  return { paths, refused }
}

async function declaredSubmodules(root: string): Promise<string[]> {
  const text = await readInside(root, '.gitmodules')
  if (!text) return []
  return [...text.toString('utf8').matchAll(/^\s*path\s*=\s*(.+?)\s*$/gm)].map((m) =>
    (m[1] ?? '').replace(/^"(.*)"$/, '$1').replace(/\/+$/, ''),
  )
}
