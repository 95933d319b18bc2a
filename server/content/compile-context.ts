// What every compile step shares: the storylines texts are resolved against,
// the files under public/ that Markdown may show, and one list of diagnostics
// that every step adds to.
import type { Diagnostic, Severity } from './diagnostics'
import { suggestion } from './did-you-mean'
import type { Text } from './model'
import type { RawText } from './schemas/text'
import { siteLinks } from './site-links'
import { textEntries } from './text-entries'
import type { Path, Position, YamlFile } from './yaml-file'

export interface CompileOptions {
  /** Calling code given to bare phone numbers, e.g. `+47`. */
  readonly phoneCountry: string
}

export interface CompileContext {
  readonly storylines: readonly string[]
  readonly options: CompileOptions
  readonly diagnostics: Diagnostic[]
  report(yaml: YamlFile, path: Path, rule: string, message: string, opts?: { severity?: Severity; key?: boolean }): void
  /** The same, at a position inside a value (see YamlFile.find). */
  reportAt(yaml: YamlFile, at: Position, rule: string, message: string, severity?: Severity): void
  /** Resolves a text to one entry per storyline, reporting a list of the wrong length. */
  text(yaml: YamlFile, path: Path, raw: RawText): Text
  /** A text rendered as Markdown: also reports /site/ links to files that are not under public/. */
  markdown(yaml: YamlFile, path: Path, raw: RawText): Text
}

export function createCompileContext(
  storylines: readonly string[],
  options: CompileOptions,
  publicFiles: ReadonlySet<string>,
): CompileContext {
  const diagnostics: Diagnostic[] = []
  const ctx: CompileContext = {
    storylines,
    options,
    diagnostics,
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
      // A missing picture does not stop the site: the rest of the page still reads.
      for (const entry of textEntries(path, raw)) {
        const missing = new Map(
          siteLinks(entry.text)
            .filter((l) => !publicFiles.has(l.file))
            .map((l) => [l.href, l.file]),
        )
        for (const [href, file] of missing) {
          const fix = suggestion(file, publicFiles) || `; add public/${file} or correct the address`
          for (const at of yaml.find(entry.path, href))
            ctx.reportAt(yaml, at, 'missing-file', `${href} is not a file under public/${fix}`, 'warning')
        }
      }
      return ctx.text(yaml, path, raw)
    },
  }
  return ctx
}
