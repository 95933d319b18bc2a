// A parsed YAML file that remembers where every value came from, so any
// later check can point an author at the exact line and column.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit } from 'yaml'
import type { Alias, Node, Pair } from 'yaml'
import type { Diagnostic } from './diagnostics'

export type Path = readonly (string | number)[]

export interface YamlFile {
  readonly file: string
  readonly data: unknown
  /** 1-based position of the value at `path`, or of its key with `key: true`. */
  position(path: Path, opts?: { key?: boolean }): { line: number; col: number }
}

export function parseYamlFile(file: string, source: string): { yaml: YamlFile | null; diagnostics: Diagnostic[] } {
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
      file, line, col,
      severity: doc.errors.includes(e) ? 'error' : 'warning',
      message: duplicate ? 'the same key appears twice in one map' : firstLine(e.message),
      rule: duplicate ? 'duplicate-name' : 'yaml-syntax',
    } satisfies Diagnostic
  })
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
    diagnostics.push({ file, line, col, severity: 'error', message: firstLine((err as Error).message), rule: 'yaml-syntax' })
    return { yaml: null, diagnostics }
  }

  const nodeAt = (path: Path): { node: Node | null; pair: Pair | null } => {
    let node: unknown = doc.contents
    let pair: Pair | null = null
    for (const seg of path) {
      if (isMap(node)) {
        const found = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg))
        if (!found) return { node: (node as Node) ?? null, pair: null }
        pair = found as Pair
        node = found.value
      } else if (isSeq(node) && typeof seg === 'number') {
        const item = node.items[seg]
        if (item === undefined) return { node: node as Node, pair: null }
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
  }
  return { yaml, diagnostics }
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/ at line \d+, column \d+:?$/, '').trim()
}
