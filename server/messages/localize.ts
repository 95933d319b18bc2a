// Parts of the service that know no site (form checks, errors thrown deep
// in a request) say things in English, taken from the English catalogue.
// Before such a text is shown it is found there again, values and all, and
// said in the site's language (undefined for a text that is not the catalogue's).
import { en, type MessageId } from './en'

interface Pattern {
  readonly id: MessageId
  readonly names: readonly string[]
  readonly match: RegExp
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const exact = new Map<string, MessageId>()
const patterns: Pattern[] = []
for (const [id, text] of Object.entries(en) as [MessageId, string][]) {
  const pieces = text.split(/\{([a-z]+)\}/)
  if (pieces.length === 1) {
    if (!exact.has(text)) exact.set(text, id)
    continue
  }
  const names = pieces.filter((_, i) => i % 2 === 1)
  const source = pieces.map((piece, i) => (i % 2 === 0 ? escape(piece) : '(.+?)')).join('')
  patterns.push({ id, names, match: new RegExp(`^${source}$`, 's') })
}

export function localizer(
  say: (id: MessageId, values: Record<string, string>) => string,
): (english: string) => string | undefined {
  return (english) => {
    const id = exact.get(english)
    if (id !== undefined) return say(id, {})
    for (const pattern of patterns) {
      const found = pattern.match.exec(english)
      if (found === null) continue
      return say(pattern.id, Object.fromEntries(pattern.names.map((name, i) => [name, found[i + 1] ?? ''])))
    }
    return undefined
  }
}
