// A mail's HTML part as /dev/outbox frames it: the document the reader's mail
// program would show, its links opening in the window around the frame (the
// frame is sandboxed, so a link would otherwise go nowhere). A mail without an
// HTML part shows its text part, escaped.
import { simpleParser } from 'mailparser'
import { html } from '../render/html'

// Before anything in the head, so it governs every link the mail has.
const TOP_TARGET = '<base target="_top">'

export async function readFramedMailHtml(raw: string): Promise<string> {
  const parsed = await simpleParser(raw)
  if (typeof parsed.html !== 'string')
    return String(html`<!doctype html><meta charset="utf-8"><pre>${parsed.text ?? ''}</pre>`)
  const head = /<head[^>]*>/i.exec(parsed.html)
  if (head === null) return `${TOP_TARGET}${parsed.html}`
  const at = head.index + head[0].length
  return `${parsed.html.slice(0, at)}${TOP_TARGET}${parsed.html.slice(at)}`
}
