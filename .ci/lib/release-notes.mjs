// dist/release-notes-vVERSION.md: the version's changelog section, which the
// publish job attaches as the release notes (SPEC 9.2).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { releaseSection } from './changelog.mjs'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export function writeNotes(version) {
  const notes = releaseSection(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8'), version)
  mkdirSync(join(ROOT, 'dist'), { recursive: true })
  const path = `dist/release-notes-v${version}.md`
  writeFileSync(join(ROOT, path), notes)
  return path
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(writeNotes(process.argv[2] ?? ''))
}
