// A content repository with errors never starts serving.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEMO, runServerToExit } from '../support/server'

describe('start with broken content', () => {
  it('exits at start with the lint diagnostics, file:line:col', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-broken-'))
    try {
      cpSync(DEMO, dir, { recursive: true })
      writeFileSync(
        join(dir, 'desks/caseworkers.yaml'),
        'title: Case desk\ngroup: caseworkers\nbuckets: [potholes, potholez]\n',
      )
      const { code, output } = await runServerToExit({ CONTENT_REPO: dir, DATA_DIR: join(dir, '.data') })
      expect(code).toBe(1)
      expect(output).toContain(
        'desks/caseworkers.yaml:3:21: error: no bucket named \\"potholez\\"; did you mean \\"potholes\\"?',
      )
      expect(output).toMatch(/cannot start: 1 error\(s\) in the content/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('issue 31: a YAML mistake is refused with the lint own plain words, at the line to change', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-broken-'))
    try {
      cpSync(DEMO, dir, { recursive: true })
      const file = join(dir, 'site.yaml')
      writeFileSync(file, readFileSync(file, 'utf8').replace('  primary:', 'primary:'))
      const { code, output } = await runServerToExit({ CONTENT_REPO: dir, DATA_DIR: join(dir, '.data') })
      expect(code).toBe(1)
      expect(output).toContain(
        'site.yaml:12:1: error: this line belongs under `colors:` above: indent it 2 spaces, like `accent:` below',
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('issue #8: logs at most 20 problems of a flooded file, then one line counting the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-broken-'))
    try {
      cpSync(DEMO, dir, { recursive: true })
      writeFileSync(
        join(dir, 'pages/anchors.yaml'),
        ['title: Anchors', 'blocks:', ...Array.from({ length: 10_000 }, (_, i) => `  - &a${i} x`), ''].join('\n'),
      )
      const { code, output } = await runServerToExit({ CONTENT_REPO: dir, DATA_DIR: join(dir, '.data') })
      expect(code).toBe(1)
      const logged = output.split('\n').filter((line) => line.includes('"message":"pages/anchors.yaml:'))
      expect(logged).toHaveLength(21)
      expect(logged.at(-1)).toContain('"message":"pages/anchors.yaml:23:10: error: 9980 more problems in this file"')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('exits with a clear message when CONTENT_REPO is unset in production', async () => {
    const { code, output } = await runServerToExit({ CONTENT_REPO: undefined, SVC_MODE: undefined })
    expect(code).toBe(1)
    expect(output).toContain('CONTENT_REPO is not set')
  })
})

describe('start with a bad setting', () => {
  it('exits with a clear message when PHONE_COUNTRY is not a calling code', async () => {
    const { code, output } = await runServerToExit({ CONTENT_REPO: DEMO, PHONE_COUNTRY: 'norway' })
    expect(code).toBe(1)
    expect(output).toContain('cannot start: PHONE_COUNTRY')
    expect(output).not.toMatch(/\n\s+at /)
  })
})
