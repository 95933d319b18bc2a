// The message a mail intent becomes: a text part and an HTML part of the
// same Markdown body, the site's name and colour, a button to the case, and
// the headers that mark it as sent by a machine. Every value that reaches a
// header has its line breaks folded away first.
import { builtInCatalogue } from '../messages/catalogue'
import { html, safeUrl } from '../render/html'
import type { SafeHtml } from '../render/html'
import { linksTo, renderMailMarkdown } from './mail-markdown'
import type { MailIntent } from './mail-intent'
import { markdownToText } from './markdown-text'

export interface OutgoingMail {
  readonly from: { readonly name: string; readonly address: string }
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
  /** Without angle brackets. */
  readonly messageId: string
  /** Where a reply goes back onto the case (replies/reply-book.ts), when replies are on. */
  readonly replyTo?: string
  readonly headers: Readonly<Record<string, string>>
}

export interface Sender {
  /** MAIL_FROM */
  readonly address: string
  /** SITE_NAME, else the site's name in the intent. */
  readonly siteName?: string
}

const FALLBACK_COLOUR = '#1d4ed8'

/** One line, no control characters: what a header may carry from a record's values. */
export function headerText(value: string): string {
  return value
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim()
}

export function composeMail(intent: MailIntent, to: string, sender: Sender, replyTo?: string): OutgoingMail {
  const siteName = headerText(sender.siteName ?? intent.brand?.name ?? '')
  const domain = sender.address.split('@')[1] ?? 'localhost'
  const colour = /^#[0-9a-f]{3,8}$/i.test(intent.brand?.primary ?? '') ? intent.brand!.primary : FALLBACK_COLOUR
  const language = intent.brand?.language ?? 'en'
  const button = intent.button ?? intent.brand?.button ?? builtInCatalogue(language)['mail.open-case']
  // Each mail links the case once: where the words place `{{link}}` themselves, no button repeats it.
  const link = linksTo(intent.body, intent.link) ? undefined : safeUrl(intent.link)
  const text = [markdownToText(intent.body), link === undefined ? '' : `${button}: ${link}`]
    .filter(Boolean)
    .join('\n\n')
  const body = html`<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${intent.subject}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:system-ui,sans-serif;color:#18181b">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="margin:0 0 16px;font-weight:700;font-size:18px;color:${colour}">${siteName}</p>
<div style="background:#fff;border-radius:8px;padding:24px;line-height:1.5">${renderMailMarkdown(intent.body)}${
    link === undefined ? '' : html`<p style="margin:24px 0 0">${mailButton(link, button, colour)}</p>`
  }</div></div></body></html>`
  return {
    from: { name: siteName, address: sender.address },
    to,
    subject: headerText(intent.subject),
    text,
    html: String(body),
    messageId: `${messageIdPart(intent.id)}@${domain}`,
    ...(replyTo === undefined ? {} : { replyTo }),
    headers: {
      'Auto-Submitted': 'auto-generated',
      'List-Id': `${siteName} <${listIdOf(siteName)}.${domain}>`.trim(),
      'X-Auto-Response-Suppress': 'All',
    },
  }
}

// The intent's id is `<bucket>:<record>:<seq>`: the same for every attempt, so a
// mail sent twice by accident is one message to the receiving side.
function messageIdPart(id: string): string {
  return `svc.${id.replace(/[^A-Za-z0-9._-]/g, '.')}`
}

// A dot-atom naming the site inside the sender's domain.
function listIdOf(siteName: string): string {
  const slug = siteName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return slug === '' ? 'site' : slug
}

// Mail clients drop style sheets, so the button carries its look inline.
function mailButton(link: string, label: string, colour: string): SafeHtml {
  const look =
    'display:inline-block;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600'
  return html`<a href="${link}" style="${look};background:${colour}">${label}</a>`
}
