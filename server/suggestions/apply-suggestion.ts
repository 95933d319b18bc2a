// A suggestion applied to the content as it is now, in memory: the page's
// YAML file with the suggested texts written in (comments and layout kept),
// then the same compile and lint a content push goes through. What it would
// add to the lint's findings is what the person is told.
import { isScalar, isSeq, LineCounter, parseDocument, Scalar } from 'yaml'
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

/** The page file with `changes` written in; null when the file or a text is not where the page says. */
export function applyChanges(
  files: ContentFiles,
  page: Page,
  storylines: readonly string[],
  changes: readonly SuggestedChange[],
): Applied | null {
  const source = files.texts.get(page.file)
  if (source === undefined) return null
  const doc = parseDocument(source)
  const texts = new Map(pageTexts(page).map((text) => [text.key, text]))
  for (const change of changes) {
    const text = texts.get(change.key)
    const node: unknown = text === undefined ? undefined : doc.getIn(text.path, true)
    if (text === undefined) return null
    if (change.storyline === null) {
      if (isScalar(node)) node.value = change.after
      else if (isSeq(node)) node.items = node.items.map(() => new Scalar(change.after))
      else return null
      continue
    }
    const index = storylines.indexOf(change.storyline)
    const item = isSeq(node) ? node.items[index] : undefined
    if (!isScalar(item)) return null
    item.value = change.after
  }
  const fileText = doc.toString()
  return { fileText, files: { ...files, texts: new Map([...files.texts, [page.file, fileText]]) } }
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
