// The /site/ addresses a Markdown text links to or shows, found the way the
// renderer reads the text (reference links count, code spans do not), so a
// broken picture is caught before a visitor sees it.
import MarkdownIt, { type Token } from 'markdown-it'

const markdown = new MarkdownIt({ html: false, linkify: true })

export interface SiteLink {
  /** The address as markdown-it reads it, e.g. `/site/street.svg`. */
  readonly href: string
  /** The file under public/ it names, e.g. `street.svg`. */
  readonly file: string
}

export function siteLinks(text: string): SiteLink[] {
  const links: SiteLink[] = []
  const visit = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      const href =
        token.type === 'link_open' ? token.attrGet('href') : token.type === 'image' ? token.attrGet('src') : null
      if (typeof href === 'string' && href.startsWith('/site/')) links.push({ href, file: fileOf(href) })
      if (token.children) visit(token.children)
    }
  }
  visit(markdown.parse(text, {}))
  return links
}

function fileOf(href: string): string {
  const path = href.slice('/site/'.length).replace(/[?#].*$/, '')
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}
