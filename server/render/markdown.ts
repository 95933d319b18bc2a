// Content authors write Markdown; it must never become a way to put script,
// raw HTML or hostile links on a page.
import MarkdownIt from 'markdown-it'
import { raw, safeUrl, type SafeHtml } from './html'

const markdown = new MarkdownIt({ html: false, linkify: true })
// One rule for every URL on a page: links and images the helper refuses are
// left as plain text by markdown-it.
markdown.validateLink = (url) => safeUrl(url) !== undefined

// Content texts repeat on every request; a reload brings new strings, so the
// cache is bounded rather than growing with every content version.
const MAX_CACHED = 2000
const cache = new Map<string, SafeHtml>()

export function renderMarkdown(source: string): SafeHtml {
  const cached = cache.get(source)
  if (cached) return cached
  const rendered = raw(markdown.render(source))
  if (cache.size >= MAX_CACHED) {
    const oldest = cache.keys().next()
    if (!oldest.done) cache.delete(oldest.value)
  }
  cache.set(source, rendered)
  return rendered
}
