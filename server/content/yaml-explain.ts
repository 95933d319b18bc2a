// The YAML mistakes authors make, told in plain words at the line to change.
// The parser reports where it gave up, often lines after the slip and in its
// own terms; these checks read the lines as an author wrote them instead.
import type { Position } from './position'

export interface Explained extends Position {
  readonly message: string
}

interface Line {
  readonly no: number
  readonly indent: number
  /** The text after the indentation, without a trailing comment. */
  readonly text: string
  /** The column of a list item's own keys: `  - name: a` is 4. */
  readonly inner: number
}

const KEY = /^([A-Za-z_][\w-]*):(?:\s|$)/
const ITEM = /^-(?:\s|$)/
const OPENS_BLOCK = /(?:^|:\s*|-\s*)[|>][+-]?\d*$/

/** The first mistake found, or null. `failed`: the parser could not read the file. */
export function explainYaml(source: string, failed: boolean): Explained | null {
  const lines = contentLines(source)
  const tab = lines.find((l) => l.tab)
  if (tab) return at(tab.line, tab.col, 'this line is indented with a tab; YAML indents with spaces only: use spaces')
  const list = lines.map((l) => l.line)
  return (failed && (unclosed(list) ?? missingSpace(list))) || indentation(list, failed)
}

function at(line: Line, col: number, message: string): Explained {
  return { line: line.no, col, message }
}

// Lines that hold keys or list items: not blank, not comments, not inside a `|` or `>` text.
function contentLines(source: string): { line: Line; tab: boolean; col: number }[] {
  const out: { line: Line; tab: boolean; col: number }[] = []
  let blockAbove: number | null = null
  source.split(/\r?\n/).forEach((raw, i) => {
    const lead = /^[ \t]*/.exec(raw)?.[0] ?? ''
    const rest = raw.slice(lead.length)
    if (rest === '' || rest.startsWith('#')) return
    const indent = lead.length
    if (blockAbove !== null && indent > blockAbove) return
    blockAbove = null
    const text = rest.replace(/\s+#.*$/, '')
    const inner = ITEM.test(text) ? indent + 1 + (/^-\s*/.exec(text)?.[0].length ?? 1) - 1 : indent
    if (OPENS_BLOCK.test(text)) blockAbove = indent
    out.push({ line: { no: i + 1, indent, text, inner }, tab: lead.includes('\t'), col: lead.indexOf('\t') + 1 })
  })
  return out
}

function unclosed(lines: readonly Line[]): Explained | null {
  for (const l of lines) {
    const value = /^(?:-\s+)?(?:[A-Za-z_][\w-]*:\s+)?(.*)$/.exec(l.text)?.[1] ?? ''
    const col = l.indent + 1 + l.text.length - value.length
    const quote = value[0]
    if ((quote === '"' || quote === "'") && !closesQuote(value, quote))
      return at(l, col, `the ${quote} opened here is never closed: end the text with ${quote} on this line`)
    if (value[0] === '[' || value[0] === '{') {
      const close = value[0] === '[' ? ']' : '}'
      if (depth(value) > 0)
        return at(
          l,
          col,
          `the ${value[0]} opened here is never closed: end the ${close === ']' ? 'list' : 'map'} with ${close} on this line`,
        )
    }
  }
  return null
}

function closesQuote(value: string, quote: string): boolean {
  for (let i = 1; i < value.length; i++) {
    if (quote === '"' && value[i] === '\\') i++
    else if (value[i] === quote) {
      if (quote === "'" && value[i + 1] === "'") i++
      else return true
    }
  }
  return false
}

// How many brackets stay open at the end of a flow value, quotes skipped.
function depth(value: string): number {
  let open = 0
  let quote: string | null = null
  for (const c of value) {
    if (quote) quote = c === quote ? null : quote
    else if (c === '"' || c === "'") quote = c
    else if (c === '[' || c === '{') open++
    else if (c === ']' || c === '}') open--
  }
  return open
}

function missingSpace(lines: readonly Line[]): Explained | null {
  for (const l of lines) {
    const m = /^(-\s+)?([A-Za-z_][\w-]*):([^\s/:].*)$/.exec(l.text)
    if (m)
      return at(
        l,
        l.indent + 1 + (m[1]?.length ?? 0) + (m[2]?.length ?? 0),
        `put a space after the colon: \`${m[2]}: ${m[3]}\``,
      )
  }
  return null
}

function indentation(lines: readonly Line[], failed: boolean): Explained | null {
  // The columns keys and items may start at, innermost last, each with the line that set it.
  const levels: Line[] = []
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] as Line
    const prev = lines[i - 1]
    const isItem = ITEM.test(l.text)
    if (/^-[^\s-]/.test(l.text) && lines.some((o) => o.indent === l.indent && ITEM.test(o.text)))
      return at(l, l.indent + 2, `put a space after the dash: \`- ${l.text.slice(1)}\``)
    if (!prev) {
      levels.push(l)
      continue
    }
    const prevOpens = /:$/.test(prev.text) || prev.text === '-'
    const isKeyOrItem = KEY.test(l.text) || isItem
    const scalarItem = isItem && ITEM.test(prev.text) && !KEY.test(prev.text.replace(/^-\s+/, ''))
    if (scalarItem && l.indent > prev.indent && !prevOpens)
      return at(
        l,
        l.indent + 1,
        `this list item is indented ${spaces(l.indent)}, the items beside it ${prev.indent}: ` +
          `line it up with \`${prev.text}\` above`,
      )
    if (l.indent > prev.inner && isKeyOrItem && !prevOpens && !inFlow(prev)) {
      if (!failed) continue
      const beside = prev.inner
      return at(
        l,
        l.indent + 1,
        `this line is indented ${spaces(l.indent)}, the ${isItem ? 'items' : 'keys'} beside it ${beside}: ` +
          `line it up with \`${lead(prev, beside)}\` above`,
      )
    }
    if (failed && prevOpens && l.indent <= prev.indent && KEY.test(prev.text)) {
      const next = lines[i + 1]
      if (next && next.indent > l.indent && !/:$/.test(l.text))
        return at(
          l,
          l.indent + 1,
          `this line belongs under \`${lead(prev, prev.indent)}\` above: indent it ${spaces(next.indent)}, ` +
            `like \`${lead(next, next.indent)}\` below`,
        )
    }
    const columns = levels.flatMap((o) => (isItem ? (ITEM.test(o.text) ? [o.indent] : []) : [o.indent, o.inner]))
    while (levels.length > 0 && (levels.at(-1) as Line).indent > l.indent && (levels.at(-1) as Line).inner > l.indent)
      levels.pop()
    if (failed && l.indent < prev.inner && !columns.includes(l.indent) && columns.length > 0) {
      const want = columns.reduce((a, b) =>
        Math.abs(b - l.indent) < Math.abs(a - l.indent) || (Math.abs(b - l.indent) === Math.abs(a - l.indent) && b > a)
          ? b
          : a,
      )
      const beside = [...lines.slice(0, i)].reverse().find((o) => o.indent === want || o.inner === want) ?? prev
      return at(
        l,
        l.indent + 1,
        `this line is indented ${spaces(l.indent)}, the ${isItem ? 'items' : 'keys'} beside it ${want}: ` +
          `line it up with \`${lead(beside, want)}\` above`,
      )
    }
    while (levels.length > 0 && (levels.at(-1) as Line).indent >= l.indent) levels.pop()
    levels.push(l)
  }
  return null
}

function inFlow(l: Line): boolean {
  return depth(l.text) > 0
}

function spaces(n: number): string {
  return `${n} space${n === 1 ? '' : 's'}`
}

// What an author sees at column `col` of a line: `label:`, or `- name:` for an item's own key.
function lead(l: Line, col: number): string {
  const text = col > l.indent ? l.text.slice(col - l.indent) : l.text
  const key = KEY.exec(text)?.[1]
  if (key !== undefined) return `${key}:`
  return ITEM.test(text) ? `- ${KEY.exec(text.replace(/^-\s+/, ''))?.[1] ?? ''}`.trimEnd() : text.slice(0, 20)
}
