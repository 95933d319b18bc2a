// /dev/outbox: a plain list for developers, not a site page.
import type { OutboxMail } from '../mail/outbox-list'
import { html } from './html'

export function renderOutbox(mails: readonly OutboxMail[]): string {
  const rows = mails.map(
    (mail) =>
      html`<tr><td>${mail.date}</td><td>${mail.to}</td><td><a href="/dev/outbox/${encodeURIComponent(mail.name)}">${mail.subject || '(no subject)'}</a></td></tr>`,
  )
  return String(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox (development)</title></head>
<body style="font-family:system-ui,sans-serif;margin:2rem">
<h1>Outbox</h1>
<p>Development only: the mail the service sent, kept as files under <code>DATA_DIR/outbox</code>. Newest first.</p>
${
  mails.length === 0
    ? html`<p>No mail yet.</p>`
    : html`<table><thead><tr><th scope="col">Date</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`
}
</body></html>`)
}
