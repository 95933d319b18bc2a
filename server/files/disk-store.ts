// The development object store: one file per key under DATA_DIR/store,
// written to a temporary name and renamed once whole, so a reader never sees
// half a file and a failed upload leaves nothing.
import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { isStoreKey, type ObjectEntry, type ObjectStore } from './object-store'

const TYPE_SUFFIX = '.type'
const PARTIAL = '.partial-'

export function createDiskStore(root: string): ObjectStore {
  const pathOf = (key: string) => {
    if (!isStoreKey(key)) throw new Error('[svc] [files] not a store key')
    return join(root, ...key.split('/'))
  }
  return {
    async put(key, body, contentType) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      const partial = `${path}${PARTIAL}${randomBytes(6).toString('hex')}`
      let size = 0
      body.on('data', (chunk: Buffer) => (size += chunk.length))
      try {
        await pipeline(body, createWriteStream(partial))
        await writeFile(`${path}${TYPE_SUFFIX}`, contentType)
        await rename(partial, path)
      } catch (error) {
        await rm(partial, { force: true })
        throw error
      }
      return size
    },
    async get(key) {
      const path = pathOf(key)
      const found = await stat(path).catch(() => null)
      if (found === null || !found.isFile()) return null
      const contentType = await readFile(`${path}${TYPE_SUFFIX}`, 'utf8').catch(() => 'application/octet-stream')
      return { body: createReadStream(path), size: found.size, contentType }
    },
    async delete(key) {
      const path = pathOf(key)
      await Promise.all([rm(path, { force: true }), rm(`${path}${TYPE_SUFFIX}`, { force: true })])
    },
    list: (prefix) => walk(root, root, prefix),
  }
}

async function* walk(root: string, dir: string, prefix: string): AsyncIterable<ObjectEntry> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  for (const entry of entries) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      yield* walk(root, path, prefix)
      continue
    }
    if (!entry.isFile() || entry.name.endsWith(TYPE_SUFFIX) || entry.name.includes(PARTIAL)) continue
    const key = relative(root, path).split(sep).join('/')
    if (!key.startsWith(prefix)) continue
    const { mtime } = await stat(path)
    yield { key, lastModified: mtime }
  }
}
