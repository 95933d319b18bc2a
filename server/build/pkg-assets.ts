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

export function writePkgAssets(srcDir: string, outDir: string): PkgAssets {
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  const manifest: Record<string, string> = {}
  const all = createHash('sha256')
  for (const name of readdirSync(srcDir).sort()) {
    const bytes = readFileSync(join(srcDir, name))
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10)
    const ext = extname(name)
    const hashed = `${name.slice(0, -ext.length)}.${hash}${ext}`
    writeFileSync(join(outDir, hashed), bytes)
    manifest[name] = `/pkg/${hashed}`
    all.update(name).update(hash)
  }
  return { manifest, hash: all.digest('hex').slice(0, 16) }
}
