// svc-lint [DIR] [--format text|json|github] [--verbose] [--diagram BUCKET]: checks a content repository
// with the very code the service loads it with.
import { hasErrors } from '../content/diagnostics'
import { suggestion } from '../content/did-you-mean'
import { ContentSettingError, loadContent, readCompileOptions } from '../content/load'
import { createLocalSource } from '../content/sources/local'
import { ContentSourceError } from '../content/sources/types'
import { stateGraph } from '../content/state-graph'
import { lintFingerprint } from './fingerprint'
import { renderDiagnostics, type LintFormat } from './format'
import { mermaidDiagram } from './mermaid'

const USAGE = 'usage: svc-lint [DIR] [--format text|json|github] [--verbose] [--diagram BUCKET]'

export interface LintIo {
  readonly out: (text: string) => void
  readonly err: (text: string) => void
  readonly env: Record<string, string | undefined>
}

export async function runLint(argv: readonly string[], io: LintIo): Promise<number> {
  let dir: string | undefined
  let format: LintFormat = 'text'
  let verbose = false
  let diagram: string | undefined
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
    } else if (arg === '--diagram') {
      diagram = argv[++i]
      if (diagram === undefined) {
        io.err(`svc-lint: --diagram needs a bucket name\n${USAGE}`)
        return 2
      }
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
    const { site, diagnostics } = await loadContent(createLocalSource(dir ?? '.'), {
      ...readCompileOptions(io.env),
      verbose,
    })
    if (diagram !== undefined && site) {
      const bucket = site.buckets.get(diagram)
      if (!bucket) {
        io.err(`svc-lint: no bucket named "${diagram}"${suggestion(diagram, site.buckets.keys())}`)
        return 1
      }
      io.out(mermaidDiagram(stateGraph(bucket)))
      return 0
    }
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
