// A small valid content repository in a temporary folder, changed per case,
// run through the lint exactly as the CLI runs it.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { expect, it } from 'vitest'
import type { Diagnostic } from '../../server/content/diagnostics'
import { runLint } from '../../server/lint/run-lint'

/** File path -> text; `null` removes a file of the base repository. */
export type RepoFiles = Readonly<Record<string, string | null>>

/** One YAML line per argument, so line numbers in a test are the argument's place. */
export const yaml = (...lines: string[]): string => `${lines.join('\n')}\n`

export const BASE: RepoFiles = {
  'site.yaml': yaml('name: Test site', 'storylines: [a, b]', 'inbox: post@example.org'),
  'buckets/reports.yaml': yaml(
    'title: Reports',
    'fields:',
    '  - { name: street, type: text, label: Street, personal: false }',
    '  - { name: email, type: email, label: E-mail }',
    'states:',
    '  - { name: new }',
    '  - { name: done }',
    'moves:',
    '  - { name: finish, from: [new], to: done }',
  ),
  'pages/index.yaml': yaml('title: Home', 'blocks:', '  - form: reports'),
  'desks/staff.yaml': yaml('title: Staff', 'group: staff', 'buckets: [reports]'),
}

export interface LintRun {
  readonly code: number
  /** stdout, one entry per line. */
  readonly lines: string[]
  /** stderr, one entry per line. */
  readonly errLines: string[]
}

export async function run(argv: readonly string[], env: Record<string, string | undefined> = {}): Promise<LintRun> {
  const out: string[] = []
  const err: string[] = []
  const code = await runLint(argv, {
    out: (t) => out.push(...t.split('\n')),
    err: (t) => err.push(...t.split('\n')),
    env,
  })
  return { code, lines: out, errLines: err }
}

export async function writeRepo(files: RepoFiles, base: RepoFiles = BASE): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'svc-lint-'))
  for (const [path, text] of Object.entries({ ...base, ...files })) {
    if (text === null) continue
    await mkdir(dirname(join(dir, path)), { recursive: true })
    await writeFile(join(dir, path), text)
  }
  return dir
}

/** Writes the base repository with `files` laid over it and runs `fn` on its folder. */
export async function withRepo<T>(
  files: RepoFiles,
  fn: (dir: string) => Promise<T>,
  base: RepoFiles = BASE,
): Promise<T> {
  const dir = await writeRepo(files, base)
  try {
    return await fn(dir)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export interface Linted extends LintRun {
  /** The same run with `--format json`: every diagnostic with its rule id. */
  readonly diagnostics: Diagnostic[]
}

export async function lintRepo(files: RepoFiles, env: Record<string, string | undefined> = {}): Promise<Linted> {
  return withRepo(files, async (dir) => {
    const text = await run([dir], env)
    const json = await run([dir, '--format', 'json'], env)
    expect(json.code).toBe(text.code)
    const { diagnostics } = JSON.parse(json.lines.join('\n')) as { diagnostics: Diagnostic[] }
    return { ...text, diagnostics }
  })
}

export interface LintCase {
  readonly name: string
  readonly files: RepoFiles
  /** Exactly what the author reads on stdout: `path:line:col: severity: message`. */
  readonly lines: readonly string[]
  /** The rule id of each line, in the same order. */
  readonly rules: readonly string[]
  readonly env?: Record<string, string | undefined>
}

/** One test per case: the exact output, the rule ids, and exit 1 exactly when a line is an error. */
export function lintCases(cases: readonly LintCase[]): void {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const result = await lintRepo(c.files, c.env)
    expect(result.lines).toEqual(c.lines)
    expect(result.diagnostics.map((d) => d.rule)).toEqual(c.rules)
    expect(result.code).toBe(c.lines.some((l) => / error: /.test(l)) ? 1 : 0)
  })
}
