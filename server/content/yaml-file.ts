// A parsed YAML file that remembers where every value came from, so any
// later check can point an author at the exact line and column.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit } from 'yaml'
import type { Alias, Node, Pair } from 'yaml'
import type { Diagnostic } from './diagnostics'
import type { Position } from './position'
import { explainYaml } from './yaml-explain'

export type Path = readonly (string | number)[]

// The parser's own words for these name its API, not the author's fix.
const OWN_WORDS: Partial<Record<string, string>> = {
  MULTIPLE_DOCS: 'a file holds one YAML document; remove this --- and what follows, or move it into a file of its own',
}

export interface YamlFile {
  readonly file: string
  readonly data: unknown
  /** 1-based position of the value at `path`, or of its key with `key: true`. */
  position(path: Path, opts?: { key?: boolean }): Position
  /**
   * Every place `needle` is written inside the value at `path`, so a problem
   * inside a long text points at its own line; the value's position when the
   * text is not written there verbatim (escapes, folded lines).
   */
  find(path: Path, needle: string): Position[]
  /**
   * The value at `path` as written, and a comment on its line (`primary: #0b6e4f` is empty with the comment
   * `0b6e4f`).
   */
  written(path: Path): { text: string; comment: string | undefined } | undefined
}

/** `verbose`: a plain-words message also carries the parser's own words. */
export function parseYamlFile(
  file: string,
  source: string,
  opts: { verbose?: boolean } = {},
): { yaml: YamlFile | null; diagnostics: Diagnostic[] } {
  const lines = new LineCounter()
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: true })
  const at = (offset: number) => {
    const pos = lines.linePos(offset)
    return { line: pos.line, col: pos.col }
  }
  const diagnostics: Diagnostic[] = [...doc.errors, ...doc.warnings].map((e) => {
    const { line, col } = at(e.pos[0])
    const duplicate = e.code === 'DUPLICATE_KEY'
    return {
      file,
      line,
      col,
      severity: doc.errors.includes(e) ? 'error' : 'warning',
      message: duplicate ? 'the same key appears twice in one map' : (OWN_WORDS[e.code] ?? firstLine(e.message)),
      rule: duplicate ? 'duplicate-name' : 'yaml-syntax',
    } satisfies Diagnostic
  })
  // One mistake, told once at the line to change, instead of the parser's cascade after it. Some slips
  // (`-a`, an item under a text) parse as text; they are caught here too rather than as a wrong type later.
  const explained = explainYaml(source, doc.errors.length > 0)
  if (explained) {
    const parser = doc.errors.map((e) => `${at(e.pos[0]).line}:${at(e.pos[0]).col} ${firstLine(e.message)}`)
    const said = opts.verbose && parser.length > 0 ? ` (the YAML parser says: ${parser.join('; ')})` : ''
    const plain: Diagnostic = {
      file,
      ...explained,
      message: explained.message + said,
      severity: 'error',
      rule: 'yaml-syntax',
    }
    return {
      yaml: null,
      diagnostics: [plain, ...diagnostics.filter((d) => d.severity === 'warning')],
    }
  }
  if (doc.errors.length > 0) return { yaml: null, diagnostics }

  // An alias without its anchor, or aliases that expand too far, only fail here.
  let data: unknown
  try {
    data = doc.toJS({ maxAliasCount: 50 })
  } catch (err) {
    let alias: Alias | undefined
    visit(doc, {
      Alias(_, node) {
        alias ??= node
        if (node.resolve(doc) === undefined) {
          alias = node
          return visit.BREAK
        }
      },
    })
    const { line, col } = alias?.range ? at(alias.range[0]) : { line: 1, col: 1 }
    diagnostics.push({
      file,
      line,
      col,
      severity: 'error',
      message: firstLine((err as Error).message),
      rule: 'yaml-syntax',
    })
    return { yaml: null, diagnostics }
  }

  const nodeAt = (path: Path): { node: Node | null; pair: Pair | null } => {
    let node: unknown = doc.contents
    let pair: Pair | null = null
    for (const seg of path) {
      if (isMap(node)) {
        const found = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg))
        if (!found) return { node: node ?? null, pair: null }
        pair = found
        node = found.value
      } else if (isSeq(node) && typeof seg === 'number') {
        const item = node.items[seg]
        if (item === undefined) return { node: node, pair: null }
        pair = null
        node = item
      } else {
        break
      }
    }
    return { node: (node as Node | null) ?? null, pair }
  }

  const yaml: YamlFile = {
    file,
    data,
    position(path, opts) {
      const { node, pair } = nodeAt(path)
      const target = opts?.key && pair && isScalar(pair.key) ? pair.key : node
      const offset = target?.range?.[0]
      return offset === undefined ? { line: 1, col: 1 } : at(offset)
    },
    find(path, needle) {
      const range = nodeAt(path).node?.range
      const found: Position[] = []
      if (range && needle !== '') {
        for (
          let i = source.indexOf(needle, range[0]);
          i !== -1 && i + needle.length <= range[1];
          i = source.indexOf(needle, i + needle.length)
        )
          found.push(at(i))
      }
      return found.length > 0 ? found : [yaml.position(path)]
    },
    written(path) {
      const { node } = nodeAt(path)
      if (!node?.range) return undefined
      return { text: source.slice(node.range[0], node.range[1]), comment: node.comment ?? undefined }
    },
  }
  return { yaml, diagnostics }
}

/** The plain value at `path` in parsed YAML data, or undefined. */
export function valueAt(data: unknown, path: Path): unknown {
  let cur = data
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined
    cur = (cur as Record<string | number, unknown>)[seg]
  }
  return cur
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/ at line \d+, column \d+:?$/, '').trim()
}
