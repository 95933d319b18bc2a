import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { assertKey, assertName } from './subjects'
import type { BusObjects } from './types'

// One file per object under dir/<bucket>/; a put writes a temporary file and
// renames it over the old one, so a crash mid-write leaves the old value.
export function openLocalObjects(dir: string, bucket: string, assertOpen: () => void): BusObjects {
  assertOpen()
  assertName('bucket', bucket)
  const bucketDir = join(dir, bucket)
  mkdirSync(bucketDir, { recursive: true })
  const checked = (name: string) => {
    assertOpen()
    assertKey(name)
    return join(bucketDir, name)
  }
  return {
    async put(name, data) {
      const path = checked(name)
      writeFileSync(`${path}.writing`, data)
      renameSync(`${path}.writing`, path)
    },
    async get(name) {
      const path = checked(name)
      return existsSync(path) ? new Uint8Array(readFileSync(path)) : null
    },
  }
}
