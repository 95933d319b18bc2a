// A problem found in a content repository, pinned to a place an author can open.

export type Severity = 'error' | 'warning'

export interface Diagnostic {
  /** Path relative to the content root, `/`-separated. */
  readonly file: string
  /** 1-based; a problem with a whole YAML file is at 1:1, one Cedar gives no place for at 0:0. */
  readonly line: number
  readonly col: number
  readonly severity: Severity
  readonly message: string
  /** Stable rule id, e.g. `unknown-key`, for tests and suppressions. */
  readonly rule: string
}

// Plain code-unit order: localeCompare depends on the machine's locale, and the
// lint's output must be the same on an author's laptop and in CI.
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return byCodeUnits(a.file, b.file) || a.line - b.line || a.col - b.col || byCodeUnits(a.message, b.message)
}

export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Problems reported per file; one broken file could otherwise fill a log with thousands of lines. */
export const PROBLEMS_PER_FILE = 20

/**
 * The first `max` problems of each file of a sorted list, then one problem
 * (rule `more-problems`, at the first one left out) counting the rest, an
 * error when any of the rest is one.
 */
export function capPerFile(sorted: readonly Diagnostic[], max = PROBLEMS_PER_FILE): Diagnostic[] {
  const byFile = new Map<string, Diagnostic[]>()
  for (const d of sorted) {
    const list = byFile.get(d.file)
    if (list) list.push(d)
    else byFile.set(d.file, [d])
  }
  return [...byFile].flatMap(([file, list]) => {
    const rest = list.slice(max)
    const first = rest[0]
    if (first === undefined) return list
    const more: Diagnostic = {
      file,
      line: first.line,
      col: first.col,
      severity: hasErrors(rest) ? 'error' : 'warning',
      rule: 'more-problems',
      message: `${rest.length} more problem${rest.length === 1 ? '' : 's'} in this file`,
    }
    return [...list.slice(0, max), more]
  })
}

export function hasErrors(list: readonly Diagnostic[]): boolean {
  return list.some((d) => d.severity === 'error')
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.col}: ${d.severity}: ${d.message}`
}
