// .ci/release VERSION: cuts release VERSION from a clean checkout of main
// (docs/releasing.md). Refuses a version that is not MAJOR.MINOR.PATCH or not
// above the last release, and a change to what the lint reads that the lint
// pin and the changelog do not record. Moves the Unreleased lines under the
// version (dist/release-notes-vVERSION.md), commits, tags vVERSION, then
// packs and signs the tagged commit (SVC_SIGNING_KEY, the release key's
// private file) and checks the packed lint against the pin; a failure there
// takes the commit and the tag back. Pushing is the workflow's.
import { execFileSync } from 'node:child_process'
import { accessSync, constants, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { contentFormatLines, cutRelease, releasedVersions } from './changelog.mjs'
import { compareVersions, highest, isVersion } from './semver.mjs'
import { checkTarball, differences, PIN_FILE, readPin, ROOT } from './lint-pin.mjs'
import { writeNotes } from './release-notes.mjs'

function refuse(message) {
  console.error(`release: refused: ${message}`)
  process.exit(2)
}

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' }).trim()

const version = process.argv[2]
if (process.argv.length !== 3 || !isVersion(version)) {
  refuse(`"${version ?? ''}" is not a version: give MAJOR.MINOR.PATCH, e.g. 0.2.0`)
}
// Hosts refuse an unsigned release, so one is never cut.
const key = process.env.SVC_SIGNING_KEY ?? ''
try {
  accessSync(key, constants.R_OK)
} catch {
  refuse('SVC_SIGNING_KEY names no readable key file: releases are signed with the release key (docs/releasing.md)')
}
if (git('status', '--porcelain')) refuse('the working tree has changes: commit or stash them first')

const changelogPath = join(ROOT, 'CHANGELOG.md')
const changelog = readFileSync(changelogPath, 'utf8')
const tags = git('tag', '--list', 'v*')
  .split('\n')
  .map((tag) => tag.slice(1))
const last = highest([...tags, ...releasedVersions(changelog)])
if (last && compareVersions(version, last) <= 0) refuse(`${version} is not above the last release, ${last}`)

// A pin changed since the last release must come with a Content format line.
if (last && tags.includes(last)) {
  let before
  try {
    before = readPin(git('show', `v${last}:${PIN_FILE}`))
  } catch {
    before = undefined
  }
  const changed = before ? differences(before, readPin()) : []
  if (changed.length && contentFormatLines(changelog).length === 0) {
    refuse(
      `what the lint reads changed since v${last} (${changed.join('; ')}) but CHANGELOG.md has no line under Unreleased, "### Content format"`,
    )
  }
}

const date = process.env.RELEASE_DATE ?? new Date().toISOString().slice(0, 10)
let cut
try {
  cut = cutRelease(changelog, version, date)
} catch (error) {
  refuse(error.message)
}
writeFileSync(changelogPath, cut)
for (const file of ['package.json', 'package-lock.json']) {
  const path = join(ROOT, file)
  const json = JSON.parse(readFileSync(path, 'utf8'))
  json.version = version
  if (json.packages?.['']) json.packages[''].version = version
  writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`)
}
git('commit', '--quiet', '-m', `Release ${version}`, '--', 'CHANGELOG.md', 'package.json', 'package-lock.json')
git('tag', '-a', `v${version}`, '-m', `svc ${version}`)

try {
  execFileSync(join(ROOT, '.ci/pack'), [version], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] })
  checkTarball(version)
  writeNotes(version)
} catch (error) {
  git('tag', '-d', `v${version}`)
  git('reset', '--quiet', '--hard', 'HEAD~1')
  console.error(`release: ${error.message}\nrelease: the release commit and tag v${version} are taken back`)
  process.exit(1)
}
console.log(
  `release: v${version} tagged; dist/svc-v${version}.tar.gz, its .sig and .sha256, dist/release-notes-v${version}.md`,
)
console.log(`release: push with: git push origin main v${version}`)
