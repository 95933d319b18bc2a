// What every compile step shares: the storylines texts are resolved against,
// the internal links Markdown makes (checked once every page is known), and
// one list of diagnostics that every step adds to.
import type { Diagnostic, Severity } from './diagnostics'
import { internalLinks } from './internal-links'
import type { Text } from './model'
import type { RawText } from './schemas/text'
import { textEntries } from './text-entries'
import type { Position } from './position'
import type { Path, YamlFile } from './yaml-file'

export interface CompileOptions {
  /** Calling code given to bare phone numbers, e.g. `+47`. */
  readonly phoneCountry: string
  /** YAML mistakes also carry the parser's own words (`svc-lint --verbose`). */
  readonly verbose?: boolean
}

/** An internal address written in a Markdown text, and where. */
export interface LinkUse {
  readonly yaml: YamlFile
  readonly path: Path
  readonly href: string
}

export interface CompileContext {
  readonly storylines: readonly string[]
  readonly options: CompileOptions
  readonly diagnostics: Diagnostic[]
  /** Filled by `markdown`, checked by checkLinks when every page is known. */
  readonly links: LinkUse[]
  report(yaml: YamlFile, path: Path, rule: string, message: string, opts?: { severity?: Severity; key?: boolean }): void
  /** The same, at a position inside a value (see YamlFile.find). */
  reportAt(yaml: YamlFile, at: Position, rule: string, message: string, severity?: Severity): void
  /** Resolves a text to one entry per storyline, reporting a list of the wrong length. */
  text(yaml: YamlFile, path: Path, raw: RawText): Text
  /** A text rendered as Markdown: its internal links are kept for checkLinks. */
  markdown(yaml: YamlFile, path: Path, raw: RawText): Text
}

export function createCompileContext(storylines: readonly string[], options: CompileOptions): CompileContext {
  const diagnostics: Diagnostic[] = []
  const ctx: CompileContext = {
    storylines,
    options,
    diagnostics,
    links: [],
    report(yaml, path, rule, message, opts) {
      ctx.reportAt(yaml, yaml.position(path, { key: opts?.key }), rule, message, opts?.severity)
    },
    reportAt(yaml, at, rule, message, severity = 'error') {
      diagnostics.push({ file: yaml.file, line: at.line, col: at.col, severity, rule, message })
    },
    text(yaml, path, raw) {
      if (typeof raw === 'string') return storylines.map(() => raw)
      if (raw.length !== storylines.length) {
        ctx.report(
          yaml,
          path,
          'storyline-length',
          `this list has ${raw.length} ${raw.length === 1 ? 'entry' : 'entries'} but the site has ` +
            `${storylines.length} storylines (${storylines.join(', ')}); give one entry per storyline or a single text`,
        )
        return storylines.map((_, i) => raw[Math.min(i, raw.length - 1)] ?? '')
      }
      return raw
    },
    markdown(yaml, path, raw) {
      for (const entry of textEntries(path, raw)) {
        for (const href of new Set(internalLinks(entry.text))) ctx.links.push({ yaml, path: entry.path, href })
      }
      return ctx.text(yaml, path, raw)
    },
  }
  return ctx
}
