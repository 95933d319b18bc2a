// A problem found in a content repository, pinned to a place an author can open.

export type Severity = 'error' | 'warning'

export interface Diagnostic {
  /** Path relative to the content root, `/`-separated. */
  readonly file: string
  /** 1-based; 0 when the problem is about the file as a whole. */
  readonly line: number
  readonly col: number
  readonly severity: Severity
  readonly message: string
  /** Stable rule id, e.g. `unknown-key`, for tests and suppressions. */
  readonly rule: string
}

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.message.localeCompare(b.message)
}

export function hasErrors(list: readonly Diagnostic[]): boolean {
  return list.some((d) => d.severity === 'error')
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.col}: ${d.severity}: ${d.message}`
}
