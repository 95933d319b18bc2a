// Reading the service's HTML in tests. ultrahtml parses; the selectors are
// matched here (a tag, #id, .class, [attr], [attr="v"], [attr^="v"],
// :first-child, :last-child, joined by spaces), because ultrahtml's own
// selector engine misses deeper descendant chains.
import { ELEMENT_NODE, TEXT_NODE, parse, walkSync, type ElementNode, type Node } from 'ultrahtml'

export interface Page {
  all(selector: string): ElementNode[]
  one(selector: string): ElementNode
  text(selector: string): string
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&amp;': '&',
}
const decode = (text: string) => text.replace(/&(lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity] ?? entity)

export function textOf(node: Node | undefined): string {
  if (node === undefined) return ''
  if (node.type === TEXT_NODE) return decode(String(node.value))
  if (!('children' in node)) return ''
  return (node.children as Node[]).map(textOf).join('').replace(/\s+/g, ' ')
}

/** An attribute as the browser reads it. */
export function attr(node: ElementNode, name: string): string {
  return decode(node.attributes[name] ?? '')
}

const PART = /^([a-z0-9]+)|#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:(\^?=)"([^"]*)")?\]|:(first-child|last-child)/g

function matchesCompound(element: ElementNode, compound: string): boolean {
  const siblings = () =>
    ((element.parent as { children?: Node[] }).children ?? []).filter((n) => n.type === ELEMENT_NODE)
  for (const [, tag, id, cls, name, op, value, pseudo] of compound.matchAll(PART)) {
    if (tag !== undefined && element.name !== tag) return false
    if (id !== undefined && element.attributes.id !== id) return false
    if (cls !== undefined && !(element.attributes.class ?? '').split(/\s+/).includes(cls)) return false
    if (name !== undefined) {
      const actual = element.attributes[name]
      if (actual === undefined) return false
      if (op === '=' && decode(actual) !== value) return false
      if (op === '^=' && !decode(actual).startsWith(value ?? '')) return false
    }
    if (pseudo === 'first-child' && siblings()[0] !== element) return false
    if (pseudo === 'last-child' && siblings().at(-1) !== element) return false
  }
  return true
}

function matches(element: ElementNode, compounds: readonly string[]): boolean {
  const last = compounds.at(-1)
  if (last === undefined || !matchesCompound(element, last)) return false
  let rest = compounds.slice(0, -1)
  for (let up = element.parent as Node | undefined; up && rest.length > 0; up = up.parent) {
    if (up.type === ELEMENT_NODE && matchesCompound(up, rest.at(-1)!)) rest = rest.slice(0, -1)
  }
  return rest.length === 0
}

export function readPage(markup: string): Page {
  const elements: ElementNode[] = []
  walkSync(parse(markup), (node) => {
    if (node.type === ELEMENT_NODE) elements.push(node)
  })
  const all = (selector: string) => {
    const compounds = selector.trim().split(/\s+/)
    return elements.filter((element) => matches(element, compounds))
  }
  const one = (selector: string) => {
    const found = all(selector)
    if (found.length !== 1) throw new Error(`${found.length} elements match ${selector}`)
    return found[0] as ElementNode
  }
  return { all, one, text: (selector) => all(selector).map(textOf).join(' ').trim() }
}
