// The committed lint pin matches the lint this checkout builds, so a change
// to what the lint reads fails here, long before a release (SPEC 9.3).
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../support/server'

describe('SPEC 9.3: "The same job re-pins, tests and tags the lint tool to match"', () => {
  it('.ci/lint-fingerprint.json is what the built lint reads: schemas, and the rules and severities it reports on the demo and the fixture corpus', () => {
    const run = spawnSync(join(ROOT, '.ci/lint-pin'), ['check'], { cwd: ROOT, encoding: 'utf8' })
    expect(`${run.stdout}${run.stderr}`).toBe('lint pin: unchanged\n')
    expect(run.status).toBe(0)
  })
})
