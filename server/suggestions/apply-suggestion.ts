// A suggestion applied to the content as it is now, in memory: the page's
// YAML file with the suggested texts written in (comments and layout kept),
// then the same compile and lint a content push goes through. What it would
// add to the lint's findings is what the person is told.
import { Composer, CST, isScalar, isSeq, LineCounter, Parser, parseDocument } from 'yaml'
import { compileContent, type ContentFiles } from '../content/compile'
import type { CompileOptions } from '../content/compile-context'
import type { Diagnostic } from '../content/diagnostics'
import type { Page } from '../content/model'
import { pageTexts } from './page-texts'
import type { SuggestedChange } from './suggestion-record'

export interface Applied {
  /** The page file's new text. */
  readonly fileText: string
  readonly files: ContentFiles
}

/**
 * The page file with `changes` written in; null when the file or a text is not where the page says. Only the
 * changed scalars' source is rewritten (the CST's own setScalarValue), so comments, order, quoting and spacing
 * elsewhere stay byte for byte.
 */
export function applyChanges(
  files: ContentFiles,
  page: Page,
  storylines: readonly string[],
  changes: readonly SuggestedChange[],
): Applied | null {
  const source = files.texts.get(page.file)
  if (source === undefined) return null
  const tokens = [...new Parser().parse(source)]
  const doc = [...new Composer({ keepSourceTokens: true }).compose(tokens)][0]
  if (doc === undefined) return null
  const texts = new Map(pageTexts(page).map((text) => [text.key, text]))
  for (const change of changes) {
    const text = texts.get(change.key)
    const node: unknown = text === undefined ? undefined : doc.getIn(text.path, true)
    if (text === undefined) return null
    const targets =
      change.storyline !== null
        ? isSeq(node)
          ? [node.items[storylines.indexOf(change.storyline)]]
          : []
        : isSeq(node)
          ? node.items
          : [node]
    if (targets.length === 0) return null
    for (const target of targets) {
      if (!isScalar(target) || target.srcToken === undefined) return null
      setScalar(target.srcToken, change.after, isSeq(node) && node.flow === true)
    }
  }
  const fileText = tokens.map((token) => CST.stringify(token)).join('')
  return { fileText, files: { ...files, texts: new Map([...files.texts, [page.file, fileText]]) } }
}

/**
 * A literal block keeps the indent its lines had (the library would take its parent's); its chomping follows the
 * new text's trailing line breaks. Anything else is the library's own rewrite, in the scalar's own style.
 */
function setScalar(token: CST.Token, value: string, inFlow: boolean): void {
  const block = token.type === 'block-scalar' ? token : undefined
  const header = block?.props.find((p): p is CST.SourceToken => p.type === 'block-scalar-header')
  const indent = block === undefined ? undefined : /^( +)\S/m.exec(block.source)?.[1]
  if (
    block === undefined ||
    header === undefined ||
    indent === undefined ||
    !header.source.startsWith('|') ||
    // Spaces before the first line's words would be read as the block's indent: the library writes an indicator.
    // Blank lines before it are not (a person pressed Enter first), and the library would indent them too little.
    /^\n*[ \t]/.test(value)
  ) {
    CST.setScalarValue(token, value, { inFlow })
    return
  }
  const body = value.replace(/\n+$/, '')
  const trailing = value.length - body.length
  header.source = `|${trailing === 0 ? '-' : trailing === 1 ? '' : '+'}`
  const lines = `${body}${'\n'.repeat(Math.max(1, trailing))}`.split('\n').slice(0, -1)
  block.source = `${lines.map((line) => (line === '' ? '' : `${indent}${line}`)).join('\n')}\n`
}

export interface Findings {
  /** By page text key: what the lint says about that text. */
  readonly byText: ReadonlyMap<string, readonly string[]>
  /** Anything the lint says that belongs to no one text. */
  readonly other: readonly string[]
}

/**
 * The lint's errors on the changed content, and its warnings the current content does not have (a picture that is
 * not there): the site would break, or show the break. Null when there are none.
 */
export function checkApplied(
  current: ContentFiles,
  applied: Applied,
  page: Page,
  options: CompileOptions,
): Findings | null {
  const before = compileContent(current, options).diagnostics
  const after = compileContent(applied.files, options).diagnostics
  const known = new Map<string, number>()
  const id = (d: Diagnostic) => `${d.file}|${d.rule}|${d.message}`
  for (const d of before) known.set(id(d), (known.get(id(d)) ?? 0) + 1)
  const fresh = after.filter((d) => {
    const left = known.get(id(d)) ?? 0
    if (d.severity === 'error' || left === 0) return true
    known.set(id(d), left - 1)
    return false
  })
  if (fresh.length === 0) return null
  const lines = textLines(applied.fileText, page)
  const byText = new Map<string, string[]>()
  const other: string[] = []
  for (const d of fresh) {
    const key = d.file === page.file ? lines.find(({ from, to }) => d.line >= from && d.line <= to)?.key : undefined
    if (key === undefined) other.push(`${d.file}:${d.line}:${d.col}: ${d.message}`)
    else byText.set(key, [...(byText.get(key) ?? []), d.message])
  }
  return { byText, other }
}

/** The lines each page text takes up in the changed file. */
function textLines(fileText: string, page: Page): { key: string; from: number; to: number }[] {
  const counter = new LineCounter()
  const doc = parseDocument(fileText, { lineCounter: counter })
  return pageTexts(page).flatMap(({ key, path }) => {
    const node: unknown = doc.getIn(path, true)
    const range = (node as { range?: [number, number, number] } | undefined)?.range
    if (range === undefined) return []
    return [{ key, from: counter.linePos(range[0]).line, to: counter.linePos(Math.max(range[0], range[1] - 1)).line }]
  })
}
