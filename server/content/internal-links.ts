// The addresses inside this site that a Markdown text links to or shows,
// found the way the renderer reads the text (reference links count, code
// spans do not), plus bare paths written in the words ("see /about/privacy"),
// so a dead link is caught before a visitor follows it.
import MarkdownIt, { type Token } from 'markdown-it'

const markdown = new MarkdownIt({ html: false, linkify: true })

// A path standing on its own in running text: after a space or bracket, not inside "km/h" or "24/7".
const BARE_PATH = /(?:^|[\s(])(\/[a-z0-9][a-z0-9\-._~/%]*)/gi

/** Every internal address (`/…`, not `//host`) as written, links and pictures alike, in reading order. */
export function internalLinks(text: string): string[] {
  const links: string[] = []
  const visit = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      const href =
        token.type === 'link_open' ? token.attrGet('href') : token.type === 'image' ? token.attrGet('src') : null
      if (typeof href === 'string' && isInternal(href)) links.push(href)
      if (token.type === 'text') {
        for (const m of token.content.matchAll(BARE_PATH)) links.push((m[1] ?? '').replace(/[.,;:!?]+$/, ''))
      }
      // A link's own words are not a second link to check.
      if (token.children && token.type !== 'image') visit(token.children)
    }
  }
  visit(markdown.parse(text, {}))
  return links
}

function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//')
}

/** The path an address names: no query or fragment, decoded, no trailing slash. */
export function linkPath(href: string): string {
  const path = href.replace(/[?#].*$/, '')
  let decoded = path
  try {
    decoded = decodeURIComponent(path)
  } catch {
    // A stray % is read as written.
  }
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded
}
