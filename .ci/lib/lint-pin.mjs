// The lint pin (SPEC 9.3, 9.8): what the lint reads, measured with a given
// lint binary, against the committed .ci/lint-fingerprint.json.
//
//   node .ci/lib/lint-pin.mjs check [LINT]   fail, saying what changed, when they differ
//   node .ci/lib/lint-pin.mjs write [LINT]   write the file anew (then add a Content format line)
//   node .ci/lib/lint-pin.mjs tarball VERSION  check the lint inside dist/svc-vVERSION.tar.gz, on its own runtime
//
// LINT defaults to .output/lint/svc-lint.mjs. The fingerprint holds the hashes
// of the schemas the lint checks against (svc-lint --fingerprint) and, for the
// demo site and each folder of the lint fixture corpus, the rule ids and
// severities the lint reports there. The demo site must lint clean.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const PIN_FILE = '.ci/lint-fingerprint.json'
const DEMO = 'examples/demo'
const CORPUS = 'test/lint/fixtures'

/** `node` is the runtime to run the lint on (the release's own runtime/bin/node when checking a tarball). */
export function measure(lint, node = process.execPath) {
  const fingerprint = JSON.parse(execFileSync(node, [lint, '--fingerprint'], { encoding: 'utf8' }))
  const dirs = [
    DEMO,
    ...readdirSync(join(ROOT, CORPUS))
      .sort()
      .map((name) => `${CORPUS}/${name}`),
  ]
  const corpus = {}
  for (const dir of dirs) {
    const run = spawnSync(node, [lint, join(ROOT, dir), '--format', 'json'], { encoding: 'utf8', env: {} })
    if (run.status !== 0 && run.status !== 1) throw new Error(`svc-lint failed on ${dir}: ${run.stderr}`)
    if (dir === DEMO && run.status !== 0) throw new Error(`the demo site does not pass the packed lint:\n${run.stdout}`)
    const { diagnostics } = JSON.parse(run.stdout)
    corpus[dir] = [...new Set(diagnostics.map((d) => `${d.rule}:${d.severity}`))].sort()
  }
  return { schemas: fingerprint.schemas, corpus }
}

/** One line per difference, in words. */
export function differences(pinned, measured) {
  const out = []
  const names = new Set([...Object.keys(pinned.schemas ?? {}), ...Object.keys(measured.schemas)])
  for (const name of [...names].sort()) {
    if (pinned.schemas?.[name] !== measured.schemas[name]) out.push(`the ${name} schema changed`)
  }
  const dirs = new Set([...Object.keys(pinned.corpus ?? {}), ...Object.keys(measured.corpus)])
  for (const dir of [...dirs].sort()) {
    const was = pinned.corpus?.[dir] ?? []
    const now = measured.corpus[dir] ?? []
    const added = now.filter((r) => !was.includes(r))
    const gone = was.filter((r) => !now.includes(r))
    if (added.length) out.push(`${dir}: the lint now reports ${added.join(', ')}`)
    if (gone.length) out.push(`${dir}: the lint no longer reports ${gone.join(', ')}`)
  }
  return out
}

export function readPin(text = readFileSync(join(ROOT, PIN_FILE), 'utf8')) {
  return JSON.parse(text)
}

export function formatPin(pin) {
  return `${JSON.stringify(pin, null, 2)}\n`
}

/** Throws, saying what changed, when the lint measured differs from the pin. */
export function checkPin(lint, node) {
  const changed = differences(readPin(), measure(lint, node))
  if (changed.length) {
    throw new Error(
      `what the lint reads changed:\n- ${changed.join('\n- ')}\nupdate ${PIN_FILE} (.ci/lint-pin write) and add a line under "### Content format" in CHANGELOG.md`,
    )
  }
}

/** The lint as shipped in dist/svc-vVERSION.tar.gz, on the runtime shipped with it, against the pin. */
export function checkTarball(version) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-lint-pin-'))
  try {
    execFileSync('tar', ['-xzf', join(ROOT, `dist/svc-v${version}.tar.gz`), '-C', dir])
    const release = join(dir, `svc-v${version}`)
    checkPin(join(release, 'lint/svc-lint.mjs'), join(release, 'runtime/bin/node'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, arg] = process.argv.slice(2)
  const lint = arg ?? join(ROOT, '.output/lint/svc-lint.mjs')
  try {
    if (command === 'write') {
      writeFileSync(join(ROOT, PIN_FILE), formatPin(measure(lint)))
      console.log(`wrote ${PIN_FILE}; add a line under "### Content format" in CHANGELOG.md`)
    } else if (command === 'check') {
      checkPin(lint)
      console.log('lint pin: unchanged')
    } else if (command === 'tarball' && arg) {
      checkTarball(arg)
      console.log(`lint pin: the lint in svc-v${arg} reads what the pin says`)
    } else {
      console.error('usage: .ci/lint-pin check|write [LINT] | tarball VERSION')
      process.exit(2)
    }
  } catch (error) {
    console.error(`lint pin: ${error.message}`)
    process.exit(1)
  }
}
