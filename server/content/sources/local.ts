// A content repository that is a folder on this machine (the demo site, a checkout).
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
import { ContentSourceError, isContentText, isIgnored, type ContentSnapshot, type ContentSource } from './types'

export function createLocalSource(dir: string, label = dir): ContentSource {
  const root = resolve(dir)
  return {
    label,
    async fetch() {
      const paths = await walk(root).catch((cause: unknown) => {
        throw new ContentSourceError(`cannot read the content folder ${label}: ${(cause as Error).message}`, { cause })
      })
      return snapshotFromFolder(root, paths)
    },
  }
}

export async function snapshotFromFolder(root: string, paths: readonly string[], revision?: string): Promise<ContentSnapshot> {
  const hash = createHash('sha256')
  const texts = new Map<string, string>()
  for (const path of paths.filter(isContentText).sort()) {
    const text = await readFile(join(root, path), 'utf8')
    texts.set(path, text)
    hash.update(path).update('\0').update(text).update('\0')
  }
  const publicFiles = paths.filter((p) => p.startsWith('public/')).map((p) => p.slice('public/'.length))
  const known = new Set(publicFiles)
  return {
    revision: revision ?? hash.digest('hex').slice(0, 12),
    files: { texts, publicFiles },
    async readPublic(path) {
      if (!known.has(path)) return null
      return readFile(join(root, 'public', path)).catch(() => null)
    },
  }
}

async function walk(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((p) => !isIgnored(p))
}
