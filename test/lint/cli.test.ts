// svc-lint as a CI job sees it: order, exit codes, output formats, bad arguments.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Diagnostic } from '../../server/content/diagnostics'
import { readCompileOptions } from '../../server/content/load'
import { run, withRepo, yaml, type RepoFiles } from './repo'

const DEMO = new URL('../../examples/demo', import.meta.url).pathname
const USAGE = 'usage: svc-lint [DIR] [--format text|json|github] [--verbose] [--diagram BUCKET]'

/** Errors in four files, two on one line, plus one warning. */
const BROKEN: RepoFiles = {
  'site.yaml': yaml('name: Test site', 'storylines: [a, b]', 'colours: {}'),
  'buckets/reports.yaml': yaml(
    'title: Reports',
    'fields:',
    '  - { name: street, type: text, label: Street, personal: false }',
    'states:',
    '  - { name: new }',
    '  - { name: done }',
    'moves:',
    '  - { name: finish, from: [new], to: done }',
    '  - { name: a, from: [old], to: gone }',
    '  - { name: b, from: [new], to: gone }',
  ),
  'desks/staff.yaml': yaml('title: Staff', 'group: staff', 'buckets: [reports, nope]'),
  'pages/index.yaml': yaml('title: Home', 'blocks:', '  - form: report'),
  'extra/notes.yaml': yaml('note: hello'),
}

const BROKEN_LINES = [
  'buckets/reports.yaml:9:23: error: no state named "old" in this bucket',
  'buckets/reports.yaml:9:33: error: no state named "gone" in this bucket; did you mean "done"?',
  'buckets/reports.yaml:10:33: error: no state named "gone" in this bucket; did you mean "done"?',
  'desks/staff.yaml:3:20: error: no bucket named "nope"',
  'extra/notes.yaml:1:1: warning: this file is not read by the service',
  'pages/index.yaml:3:11: error: no bucket named "report"; did you mean "reports"?',
  'site.yaml:3:1: error: unknown key "colours" in site.yaml; did you mean "colors"?',
]

const WARNING_ONLY: RepoFiles = { 'extra/notes.yaml': yaml('note: hello') }

describe('svc-lint output', () => {
  it('prints nothing on stdout for a clean repository and exits 0', async () => {
    const result = await withRepo({}, (dir) => run([dir]))
    expect(result).toEqual({ code: 0, lines: [], errLines: ['svc-lint: no problems found'] })
  })

  it('sorts by path, then line (9 before 10), then column, and exits 1 with a count on stderr', async () => {
    const result = await withRepo(BROKEN, (dir) => run([dir]))
    expect(result).toEqual({ code: 1, lines: BROKEN_LINES, errLines: ['svc-lint: 6 error(s), 1 warning(s)'] })
  })

  it('sorts paths by code units, the same on every machine: capitals before small letters', async () => {
    const files = { 'extra/notes.yaml': yaml('a: 1'), 'Extra/notes.yaml': yaml('a: 1'), 'Buckets/x.yaml': yaml('a: 1') }
    const result = await withRepo(files, (dir) => run([dir]))
    expect(result.lines).toEqual([
      'Buckets/x.yaml:1:1: warning: this file is not read by the service; did you mean "buckets/"?',
      'Extra/notes.yaml:1:1: warning: this file is not read by the service',
      'extra/notes.yaml:1:1: warning: this file is not read by the service',
    ])
  })

  it('exits 0 when there are only warnings', async () => {
    const result = await withRepo(WARNING_ONLY, (dir) => run([dir]))
    expect(result).toEqual({
      code: 0,
      lines: ['extra/notes.yaml:1:1: warning: this file is not read by the service'],
      errLines: ['svc-lint: 0 error(s), 1 warning(s)'],
    })
  })

  it('--format json prints one JSON document with every diagnostic, rule ids included', async () => {
    const result = await withRepo(BROKEN, (dir) => run([dir, '--format', 'json']))
    expect(result.code).toBe(1)
    expect(result.errLines).toEqual([])
    const parsed = JSON.parse(result.lines.join('\n')) as { diagnostics: Diagnostic[] }
    expect(parsed.diagnostics.slice(0, 2)).toEqual([
      {
        file: 'buckets/reports.yaml',
        line: 9,
        col: 23,
        severity: 'error',
        rule: 'unknown-reference',
        message: 'no state named "old" in this bucket',
      },
      {
        file: 'buckets/reports.yaml',
        line: 9,
        col: 33,
        severity: 'error',
        rule: 'unknown-reference',
        message: 'no state named "gone" in this bucket; did you mean "done"?',
      },
    ])
    expect(parsed.diagnostics.map((d) => `${d.file}:${d.line}:${d.col}: ${d.severity}: ${d.message}`)).toEqual(
      BROKEN_LINES,
    )
    expect(parsed.diagnostics.map((d) => d.rule)).toEqual([
      'unknown-reference',
      'unknown-reference',
      'unknown-reference',
      'unknown-reference',
      'unknown-file',
      'unknown-reference',
      'unknown-key',
    ])
  })

  it('--format=json on a clean repository is an empty list and exit 0', async () => {
    const result = await withRepo({}, (dir) => run([`--format=json`, dir]))
    expect(result.code).toBe(0)
    expect(JSON.parse(result.lines.join('\n'))).toEqual({ diagnostics: [] })
  })

  it('--format json exits 0 when there are only warnings', async () => {
    const result = await withRepo(WARNING_ONLY, (dir) => run([dir, '--format', 'json']))
    expect(result.code).toBe(0)
    expect((JSON.parse(result.lines.join('\n')) as { diagnostics: Diagnostic[] }).diagnostics).toHaveLength(1)
  })

  it('--format github prints one workflow command per diagnostic', async () => {
    const result = await withRepo(BROKEN, (dir) => run([dir, '--format', 'github']))
    expect(result.code).toBe(1)
    expect(result.errLines).toEqual([])
    expect(result.lines).toHaveLength(BROKEN_LINES.length)
    expect(result.lines[0]).toBe(
      '::error file=buckets/reports.yaml,line=9,col=23,title=unknown-reference::no state named "old" in this bucket',
    )
    expect(result.lines[4]).toBe(
      '::warning file=extra/notes.yaml,line=1,col=1,title=unknown-file::this file is not read by the service',
    )
    for (const line of result.lines)
      expect(line).toMatch(/^::(error|warning) file=[^,:]+,line=\d+,col=\d+,title=[a-z-]+::\S/)
  })

  it('--format github escapes a comma in a file name', async () => {
    const result = await withRepo({ 'pages/a,b.yaml': yaml('title: A') }, (dir) => run([dir, '--format', 'github']))
    expect(result.lines).toEqual([
      '::error file=pages/a%2Cb.yaml,line=1,col=1,title=bad-value::file name "a,b" cannot be part of a web address; ' +
        'use lowercase letters, digits and -',
    ])
  })
})

describe('issue #8: diagnostics per file are capped at 20, with one entry counting the rest', () => {
  // 10,000 anchored list items, each a text where a block (a map) belongs.
  const anchors = yaml('title: Anchors', 'blocks:', ...Array.from({ length: 10_000 }, (_, i) => `  - &a${i} x`))
  const FLOOD: RepoFiles = { ...BROKEN, 'pages/anchors.yaml': anchors }

  it("text: the flooded file's first 20 problems, one line counting the rest, every other file in full", async () => {
    const result = await withRepo(FLOOD, (dir) => run([dir]))
    expect(result.code).toBe(1)
    const flooded = result.lines.filter((line) => line.startsWith('pages/anchors.yaml:'))
    expect(flooded).toHaveLength(21)
    expect(flooded[0]).toBe(
      'pages/anchors.yaml:3:9: error: pages/anchors.yaml at blocks[0] should be a map of keys, not a text',
    )
    expect(flooded[19]).toMatch(/^pages\/anchors\.yaml:22:10: error: .* at blocks\[19\] /)
    expect(flooded[20]).toBe('pages/anchors.yaml:23:10: error: 9980 more problems in this file')
    expect(result.lines.filter((line) => !line.startsWith('pages/anchors.yaml:'))).toEqual(BROKEN_LINES)
  })

  it('json: the same list, the last entry of the file with rule more-problems', async () => {
    const result = await withRepo(FLOOD, (dir) => run([dir, '--format', 'json']))
    const { diagnostics } = JSON.parse(result.lines.join('\n')) as { diagnostics: Diagnostic[] }
    const flooded = diagnostics.filter((d) => d.file === 'pages/anchors.yaml')
    expect(flooded).toHaveLength(21)
    expect(flooded.at(-1)).toEqual({
      file: 'pages/anchors.yaml',
      line: 23,
      col: 10,
      severity: 'error',
      rule: 'more-problems',
      message: '9980 more problems in this file',
    })
  })

  it('a file with exactly 20 problems is listed in full; 21 ends in "1 more problem"', async () => {
    const items = (n: number) => yaml('title: Few', 'blocks:', ...Array.from({ length: n }, () => '  - x'))
    const twenty = await withRepo({ 'pages/few.yaml': items(20) }, (dir) => run([dir]))
    expect(twenty.lines.filter((line) => line.startsWith('pages/few.yaml:'))).toHaveLength(20)
    expect(twenty.lines.join('\n')).not.toContain('more problem')
    const more = await withRepo({ 'pages/few.yaml': items(21) }, (dir) => run([dir]))
    expect(more.lines.filter((line) => line.startsWith('pages/few.yaml:')).at(-1)).toBe(
      'pages/few.yaml:23:5: error: 1 more problem in this file',
    )
  })
})

describe('svc-lint arguments', () => {
  it('a missing directory: a clear message, nothing on stdout, exit 2', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'svc-lint-'))
    try {
      const missing = join(parent, 'no-such-site')
      const result = await run([missing])
      expect(result.code).toBe(2)
      expect(result.lines).toEqual([])
      expect(result.errLines).toHaveLength(1)
      expect(result.errLines[0]).toMatch(
        new RegExp(`^svc-lint: cannot read the content folder ${missing}: .*no such file or directory`),
      )
    } finally {
      await rm(parent, { recursive: true, force: true })
    }
  })

  it('an empty directory has no site.yaml', async () => {
    const result = await withRepo({}, (dir) => run([dir]), {})
    expect(result.code).toBe(1)
    expect(result.lines).toEqual([
      'site.yaml:1:1: error: site.yaml is missing: every site needs one for its name and branding',
    ])
  })

  it.each([
    [['--strict'], 'svc-lint: unexpected argument "--strict"'],
    [['a', 'b'], 'svc-lint: unexpected argument "b"'],
    [['--format', 'xml'], 'svc-lint: unknown format "xml"'],
    [['--format'], 'svc-lint: unknown format ""'],
  ])('%j exits 2 with the usage', async (argv, message) => {
    const result = await run(argv)
    expect(result).toEqual({ code: 2, lines: [], errLines: [message, USAGE] })
  })

  it('--help prints the usage and exits 0', async () => {
    expect(await run(['--help'])).toEqual({ code: 0, lines: [USAGE], errLines: [] })
  })

  it('reads PHONE_COUNTRY from the environment it is given', async () => {
    const files = { 'pages/index.yaml': yaml('title: Home', 'responsible:', '  - { name: Ola, phone: "91234567" }') }
    expect((await withRepo(files, (dir) => run([dir], { PHONE_COUNTRY: '+47' }))).lines).toEqual([])
    const short = { 'pages/index.yaml': yaml('title: Home', 'responsible:', '  - { name: Ola, phone: "12345" }') }
    expect((await withRepo(short, (dir) => run([dir], { PHONE_COUNTRY: '+47' }))).lines).toEqual([])
    expect((await withRepo(short, (dir) => run([dir], { PHONE_COUNTRY: '+1' }))).lines).toEqual([
      'pages/index.yaml:3:25: error: "12345" is not a phone number; write it with its country code, e.g. ' +
        '"+4791234567", or without + to have +1 put in front',
    ])
  })

  it.each(['47', '+0', '+12345', 'no', '+4 7'])(
    'PHONE_COUNTRY=%j is refused before anything is read: exit 2',
    async (country) => {
      const result = await withRepo({}, (dir) => run([dir], { PHONE_COUNTRY: country }))
      expect(result).toEqual({
        code: 2,
        lines: [],
        errLines: [
          `svc-lint: PHONE_COUNTRY "${country}" is not a calling code; write + and 1 to 4 digits, not starting with ` +
            `0, e.g. PHONE_COUNTRY=+47`,
        ],
      })
    },
  )
})

describe('Runtime configuration: PHONE_COUNTRY, as the service reads it', () => {
  it('defaults to +47 and takes a calling code with spaces around it', () => {
    expect(readCompileOptions({})).toEqual({ phoneCountry: '+47' })
    expect(readCompileOptions({ PHONE_COUNTRY: ' +1264 ' })).toEqual({ phoneCountry: '+1264' })
  })

  it('throws a [svc] [content] error naming the value and the fix', () => {
    expect(() => readCompileOptions({ PHONE_COUNTRY: '47' })).toThrow(
      '[svc] [content] PHONE_COUNTRY "47" is not a calling code; write + and 1 to 4 digits, not starting with 0, ' +
        'e.g. PHONE_COUNTRY=+47',
    )
  })
})

describe('the demo site', () => {
  it('lints with zero errors and zero warnings', async () => {
    const result = await run([DEMO, '--format', 'json'])
    const { diagnostics } = JSON.parse(result.lines.join('\n')) as { diagnostics: Diagnostic[] }
    expect(diagnostics).toEqual([])
    expect(result.code).toBe(0)
  })
})
