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

export function hasErrors(list: readonly Diagnostic[]): boolean {
  return list.some((d) => d.severity === 'error')
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.col}: ${d.severity}: ${d.message}`
}
