// svc-lint [DIR] [--format text|json|github] [--verbose]: checks a content repository
// with the very code the service loads it with.
import { hasErrors } from '../content/diagnostics'
import { ContentSettingError, loadContent, readCompileOptions } from '../content/load'
import { createLocalSource } from '../content/sources/local'
import { ContentSourceError } from '../content/sources/types'
import { lintFingerprint } from './fingerprint'
import { renderDiagnostics, type LintFormat } from './format'

const USAGE = 'usage: svc-lint [DIR] [--format text|json|github] [--verbose]'

export interface LintIo {
  readonly out: (text: string) => void
  readonly err: (text: string) => void
  readonly env: Record<string, string | undefined>
}

export async function runLint(argv: readonly string[], io: LintIo): Promise<number> {
  let dir: string | undefined
  let format: LintFormat = 'text'
  let verbose = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    const value = arg.startsWith('--format=')
      ? arg.slice('--format='.length)
      : arg === '--format'
        ? argv[++i]
        : undefined
    if (arg === '-h' || arg === '--help') {
      io.out(USAGE)
      return 0
    } else if (arg === '--fingerprint') {
      // For the release job (docs/releasing.md), not for authors: not in USAGE.
      io.out(JSON.stringify(lintFingerprint(), null, 2))
      return 0
    } else if (arg === '--verbose') {
      verbose = true
    } else if (value !== undefined || arg === '--format') {
      if (value !== 'text' && value !== 'json' && value !== 'github') {
        io.err(`svc-lint: unknown format "${value ?? ''}"\n${USAGE}`)
        return 2
      }
      format = value
    } else if (arg.startsWith('-') || dir !== undefined) {
      io.err(`svc-lint: unexpected argument "${arg}"\n${USAGE}`)
      return 2
    } else {
      dir = arg
    }
  }
  try {
    const { diagnostics } = await loadContent(createLocalSource(dir ?? '.'), {
      ...readCompileOptions(io.env),
      verbose,
    })
    const text = renderDiagnostics(diagnostics, format)
    if (text) io.out(text)
    if (format === 'text') {
      const errors = diagnostics.filter((d) => d.severity === 'error').length
      io.err(
        errors === 0 && diagnostics.length === 0
          ? 'svc-lint: no problems found'
          : `svc-lint: ${errors} error(s), ${diagnostics.length - errors} warning(s)`,
      )
    }
    return hasErrors(diagnostics) ? 1 : 0
  } catch (err) {
    if (!(err instanceof ContentSourceError || err instanceof ContentSettingError)) throw err
    io.err(err.message.replace('[svc] [content] ', 'svc-lint: '))
    return 2
  }
}
