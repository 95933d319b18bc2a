// /dev/outbox: plain pages for developers, not site pages. The list, and a
// form to answer a mail as its recipient would, to try the way back in.
import type { OutboxMail } from '../mail/outbox-list'
import { CSRF_FIELD } from '../forms/service-fields'
import { html, type SafeHtml } from './html'

function page(title: string, body: SafeHtml): string {
  return String(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} (development)</title></head>
<body>${body}</body></html>`)
}

export function renderOutbox(mails: readonly OutboxMail[], replied = false): string {
  // A list, not a table: on a phone each mail wraps onto its own lines, and
  // its links sit inside a line of text, where a finger finds them.
  const items = mails.map((mail) => {
    const name = encodeURIComponent(mail.name)
    const reply = mail.replyTo === '' ? null : html` · <a href="/dev/outbox/${name}/reply">Reply</a>`
    return html`<li><a href="/dev/outbox/${name}">${mail.subject || '(no subject)'}</a> to ${mail.to}, ${mail.date}${reply}</li>`
  })
  const table = mails.length === 0 ? html`<p>No mail yet.</p>` : html`<ul>${items}</ul>`
  return page(
    'Outbox',
    html`<h1>Outbox</h1>${replied ? html`<p role="status"><strong>Your reply is on the case.</strong></p>` : null}
<p>Development only: the mail the service sent, kept as files under <code>DATA_DIR/outbox</code>. Newest first.</p>${table}`,
  )
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

export function renderOutboxReply({ mail, csrf, error, kept }: OutboxReplyOptions): string {
  const action = `/dev/outbox/${encodeURIComponent(mail.name)}/reply`
  const refusal =
    error === undefined ? null : html`<p id="reply-error" role="alert"><strong>Refused: ${error}</strong></p>`
  return page(
    'Reply',
    html`<p><a href="/dev/outbox">Back to the outbox</a></p><h1>Reply to “${mail.subject}”</h1>
<p>As ${mail.to}, to <code>${breakable(mail.replyTo)}</code>.
The reply goes through the same inbox as one sent to the mailer’s SMTP port.</p>
<form method="post" action="${action}"><input type="hidden" name="${CSRF_FIELD}" value="${csrf}">
<p><label for="reply-text">Your reply</label></p>${refusal}
<p><textarea id="reply-text" name="text" rows="8" required>
${kept ?? ''}</textarea></p><p><button type="submit">Send the reply</button></p></form>`,
  )
}
