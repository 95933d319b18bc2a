// What every compile step shares: the storylines texts are resolved against,
// and one list of diagnostics that every step adds to.
import type { Diagnostic, Severity } from './diagnostics'
import type { Text } from './model'
import type { RawText } from './schemas/text'
import type { Path, YamlFile } from './yaml-file'

export interface CompileOptions {
  /** Calling code given to bare phone numbers, e.g. `+47`. */
  readonly phoneCountry: string
}

export interface CompileContext {
  readonly storylines: readonly string[]
  readonly options: CompileOptions
  readonly diagnostics: Diagnostic[]
  report(yaml: YamlFile, path: Path, rule: string, message: string, opts?: { severity?: Severity; key?: boolean }): void
  /** Resolves a text to one entry per storyline, reporting a list of the wrong length. */
  text(yaml: YamlFile, path: Path, raw: RawText): Text
}

export function createCompileContext(storylines: readonly string[], options: CompileOptions): CompileContext {
  const diagnostics: Diagnostic[] = []
  const ctx: CompileContext = {
    storylines,
    options,
    diagnostics,
    report(yaml, path, rule, message, opts) {
      diagnostics.push({ file: yaml.file, ...yaml.position(path, { key: opts?.key }), severity: opts?.severity ?? 'error', rule, message })
    },
    text(yaml, path, raw) {
      if (typeof raw === 'string') return storylines.map(() => raw)
      if (raw.length !== storylines.length) {
        ctx.report(yaml, path, 'storyline-length',
          `this list has ${raw.length} ${raw.length === 1 ? 'entry' : 'entries'} but the site has ${storylines.length} storylines (${storylines.join(', ')}); give one entry per storyline or a single text`)
        return storylines.map((_, i) => raw[Math.min(i, raw.length - 1)] ?? '')
      }
      return raw
    },
  }
  return ctx
}
