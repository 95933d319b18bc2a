// The lint as operators get it: the bundled svc-lint binary beside .output/server.
import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, ROOT } from '../support/server'

const run = promisify(execFile)
let bundle: string
beforeAll(() => {
  // Copied away from the project, so it can only use what the bundle carries.
  bundle = mkdtempSync(join(tmpdir(), 'svc-lint-bundle-'))
  cpSync(join(ROOT, '.output/lint'), bundle, { recursive: true })
})
afterAll(() => rmSync(bundle, { recursive: true, force: true }))

const lint = (...args: string[]) =>
  run(join(bundle, 'svc-lint.mjs'), args).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  )

describe('the svc-lint binary', () => {
  it('passes the demo site, with the Cedar engine it carries', async () => {
    const result = await lint(DEMO)
    expect(result).toMatchObject({ code: 0, stdout: '' })
    expect(result.stderr).toContain('no problems found')
  })

  it('reports a broken repository as path:line:col and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-lint-broken-'))
    try {
      cpSync(DEMO, dir, { recursive: true })
      writeFileSync(
        join(dir, 'policy/extra.cedar'),
        'permit (principal, action == Action::"read", resource in Bucke::"x");\n',
      )
      const result = await lint(dir, '--format', 'github')
      expect(result.code).toBe(1)
      expect(result.stdout).toMatch(/^::error file=policy\/extra\.cedar,line=1,col=\d+,title=cedar-validation::/m)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the svc-lint binary on dead links', () => {
  it('renaming the privacy page breaks the footer and the about page, each at its line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-lint-links-'))
    try {
      cpSync(DEMO, dir, { recursive: true })
      renameSync(join(dir, 'pages/about/privacy.yaml'), join(dir, 'pages/about/privcy.yaml'))
      const result = await lint(dir)
      expect(result.code).toBe(1)
      const dead = '/about/privacy is not a page of this site; did you mean "/about/privcy"?'
      expect(result.stdout.split('\n').filter(Boolean)).toEqual([
        `pages/about/index.yaml:11:45: error: ${dead}`,
        `pages/about/index.yaml:22:49: error: ${dead}`,
        `site.yaml:20:31: error: ${dead}`,
        `site.yaml:23:61: error: ${dead}`,
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the svc-lint binary on YAML mistakes', () => {
  it('a label one space short in the demo is told at its line, once, in plain words', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-lint-yaml-'))
    try {
      cpSync(DEMO, dir, { recursive: true })
      const file = join(dir, 'buckets/potholes.yaml')
      writeFileSync(file, readFileSync(file, 'utf8').replace('\n    label: ["Street and', '\n   label: ["Street and'))
      const result = await lint(dir)
      expect(result.code).toBe(1)
      expect(result.stdout.split('\n').filter(Boolean)).toEqual([
        'buckets/potholes.yaml:31:4: error: this line is indented 3 spaces, the keys beside it 4: line it up with ' +
          '`type:` above',
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
