// /dev/outbox: plain pages for developers, not site pages, in the site's
// language. The list, each mail shown as its reader would see it, and a form
// to answer a mail as its recipient would, to try the way back in.
import type { OutboxMail } from '../mail/outbox-list'
import { CSRF_FIELD } from '../forms/service-fields'
import { MAIL_FRAME_SANDBOX } from '../http/mail-frame-headers'
import type { Messages } from '../messages/messages'
import { renderTime } from './desk/time'
import { html, type SafeHtml } from './html'

function page(m: Messages, title: string, body: SafeHtml): string {
  return String(html`<!doctype html>
<html lang="${m.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${m.say('outbox.page-title', { title })}</title></head>
<body><main>${body}</main></body></html>`)
}

function renderMail(mail: OutboxMail, m: Messages): SafeHtml {
  const name = encodeURIComponent(mail.name)
  const subject = mail.subject || m.say('outbox.no-subject')
  // A date the header did not hold as one is shown as written.
  const time = /^\d{4}-\d\d-\d\dT/.test(mail.date) ? renderTime(mail.date, m) : html`${mail.date}`
  const reply = mail.replyTo === '' ? null : html` · <a href="/dev/outbox/${name}/reply">${m.say('outbox.reply')}</a>`
  const sent = m.sayHtml('outbox.sent', { to: mail.to, time })
  const source = html`<a href="/dev/outbox/${name}">${m.say('outbox.source')}</a>`
  const title = m.say('outbox.frame-title', { subject })
  // The mail's HTML in a sandbox of its own (see mail-frame-headers.ts), the size of a mail reader's pane.
  return html`<li><article aria-labelledby="mail-${name}"><h2 id="mail-${name}">${subject}</h2>
<p class="outbox-sent">${sent} · ${source}${reply}</p>
<iframe class="outbox-mail" src="/dev/outbox/${name}/html" sandbox="${MAIL_FRAME_SANDBOX}" referrerpolicy="no-referrer"
 loading="lazy" width="100%" height="480" title="${title}"></iframe></article></li>`
}

export function renderOutbox(mails: readonly OutboxMail[], m: Messages, replied = false): string {
  // A list, not a table: on a phone each mail wraps onto its own lines, and
  // its links sit inside a line of text, where a finger finds them.
  const list =
    mails.length === 0
      ? html`<p>${m.say('outbox.empty')}</p>`
      : html`<ul class="outbox">${mails.map((mail) => renderMail(mail, m))}</ul>`
  const status = replied ? html`<p role="status"><strong>${m.say('outbox.replied')}</strong></p>` : null
  const intro = m.sayHtml('outbox.intro', { dir: html`<code>DATA_DIR/outbox</code>` })
  return page(m, m.say('outbox.title'), html`<h1>${m.say('outbox.title')}</h1>${status}<p>${intro}</p>${list}`)
}

/** An address a phone may wrap after its `+` and before its `@`, where it has no spaces to wrap at. */
function breakable(address: string): SafeHtml {
  return html`${address.split(/(?=@)|(?<=\+)/).map((part, i) => (i === 0 ? html`${part}` : html`<wbr>${part}`))}`
}

export interface OutboxReplyOptions {
  readonly mail: OutboxMail
  readonly csrf: string
  /** What the inbox answered a refused reply with, and the words kept. */
  readonly error?: string
  readonly kept?: string
}

export function renderOutboxReply({ mail, csrf, error, kept }: OutboxReplyOptions, m: Messages): string {
  const action = `/dev/outbox/${encodeURIComponent(mail.name)}/reply`
  const refusal =
    error === undefined
      ? null
      : html`<p id="reply-error" role="alert"><strong>${m.say('outbox.reply.refused', { error })}</strong></p>`
  const as = m.sayHtml('outbox.reply.as', { to: mail.to, address: html`<code>${breakable(mail.replyTo)}</code>` })
  return page(
    m,
    m.say('outbox.reply.page-title'),
    html`<p><a href="/dev/outbox">${m.say('outbox.back')}</a></p><h1>${m.say('outbox.reply.title', { subject: mail.subject })}</h1>
<p>${as}</p>
<form method="post" action="${action}"><input type="hidden" name="${CSRF_FIELD}" value="${csrf}">
<p><label for="reply-text">${m.say('outbox.reply.label')}</label></p>${refusal}
<p><textarea id="reply-text" name="text" rows="8" required>
${kept ?? ''}</textarea></p><p><button type="submit">${m.say('outbox.reply.send')}</button></p></form>`,
  )
}
