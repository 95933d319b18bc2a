// The service's own static files get content-hashed names at build time, so a
// page always names the exact bundle it was built with and browsers may cache
// each file forever.
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { extname, join } from 'node:path'

export interface PkgAssets {
  /** Source name -> public URL, e.g. `site.css` -> `/pkg/site.3f2a9c1d0e.css`. */
  readonly manifest: Record<string, string>
  /** One hash over every asset: what `hash.txt` holds. */
  readonly hash: string
}

/** `vendor`: files of npm packages served the same way (name -> path), e.g. the map library. */
export function writePkgAssets(srcDir: string, outDir: string, vendor: Record<string, string> = {}): PkgAssets {
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  const manifest: Record<string, string> = {}
  const all = createHash('sha256')
  const sources = new Map([
    ...readdirSync(srcDir).map((name) => [name, join(srcDir, name)] as const),
    ...Object.entries(vendor),
  ])
  for (const [name, path] of [...sources].sort(([a], [b]) => a.localeCompare(b))) {
    const bytes = readFileSync(path)
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10)
    const ext = extname(name)
    const hashed = `${name.slice(0, -ext.length)}.${hash}${ext}`
    writeFileSync(join(outDir, hashed), bytes)
    manifest[name] = `/pkg/${hashed}`
    all.update(name).update(hash)
  }
  return { manifest, hash: all.digest('hex').slice(0, 16) }
}
