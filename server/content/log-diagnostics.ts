import { formatDiagnostic, type Diagnostic } from './diagnostics'
import { log } from '../log'

/** One line per diagnostic, `path:line:col: severity: message`, so authors can jump to it. */
export function logDiagnostics(diagnostics: readonly Diagnostic[], source: string): void {
  for (const d of diagnostics) log(d.severity === 'error' ? 'error' : 'warn', 'content', formatDiagnostic(d), { source })
}

export function describeRefusal(outcome: { diagnostics: readonly Diagnostic[]; error?: Error }): string {
  return outcome.error?.message ?? `${outcome.diagnostics.filter((d) => d.severity === 'error').length} error(s) in the content`
}
