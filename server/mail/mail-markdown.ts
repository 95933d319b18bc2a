// Markdown for mail: the same rules as pages (no raw HTML, only safe links)
// but nothing is made a link by itself. A mail body carries what visitors
// typed, and a site's own sender must never hand a stranger a clickable
// "https://evil.example/login" someone put in a street field; the service's
// own links are written as links (`<…>`) where they are placed.
import MarkdownIt from 'markdown-it'
import { raw, safeUrl, type SafeHtml } from '../render/html'

const markdown = new MarkdownIt({ html: false, linkify: false })
markdown.validateLink = (url) => safeUrl(url) !== undefined

/** The tokens of `source`, for the text part. */
export function parseMailMarkdown(source: string): ReturnType<typeof markdown.parse> {
  return markdown.parse(source, {})
}

export function renderMailMarkdown(source: string): SafeHtml {
  return raw(markdown.render(source))
}

/** Whether the body itself writes a link to `url` (a `{{link}}` placed in the words). */
export function linksTo(source: string, url: string): boolean {
  return parseMailMarkdown(source).some((token) =>
    (token.children ?? []).some(
      (child) => child.type === 'link_open' && markdown.normalizeLink(url) === child.attrGet('href'),
    ),
  )
}
