// The three ways the lint prints what it found.
import { formatDiagnostic, type Diagnostic } from '../content/diagnostics'

export type LintFormat = 'text' | 'json' | 'github'

export function renderDiagnostics(list: readonly Diagnostic[], format: LintFormat): string {
  if (format === 'json') return JSON.stringify({ diagnostics: list }, null, 2)
  if (format === 'github') return list.map(githubAnnotation).join('\n')
  return list.map(formatDiagnostic).join('\n')
}

// GitHub Actions workflow commands: properties and message have their own escapes.
function githubAnnotation(d: Diagnostic): string {
  const prop = (s: string) =>
    s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/:/g, '%3A').replace(/,/g, '%2C')
  const msg = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
  return `::${d.severity} file=${prop(d.file)},line=${d.line},col=${d.col},title=${prop(d.rule)}::${msg(d.message)}`
}
