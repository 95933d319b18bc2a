import { formatDiagnostic, type Diagnostic } from './diagnostics'
import { log } from '../log'

/** One line per diagnostic, `path:line:col: severity: message`, so authors can jump to it. */
export function logDiagnostics(diagnostics: readonly Diagnostic[], source: string): void {
  for (const d of diagnostics)
    log(d.severity === 'error' ? 'error' : 'warn', 'content', formatDiagnostic(d), { source })
}

/** Why content was not taken, without the prefix the caller's own message already carries. */
export function describeRefusal(outcome: { diagnostics: readonly Diagnostic[]; error?: Error }): string {
  if (outcome.error) return outcome.error.message.replace(/^\[svc\] \[content\] /, '')
  return `${outcome.diagnostics.filter((d) => d.severity === 'error').length} error(s) in the content`
}
