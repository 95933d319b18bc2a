// What a mail's HTML part is sent with in /dev/outbox. The mail is someone's
// words laid out by content: it may not run script, load anything but
// pictures, send a form or see the site's cookies (the sandbox gives it an
// origin of its own, also when opened by itself); it may only be framed by
// the outbox, and its links, followed by a click, open around the frame.
export const MAIL_FRAME_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation'

export const MAIL_FRAME_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'none'",
    "img-src data: 'self'",
    "style-src 'unsafe-inline'",
    "form-action 'none'",
    "frame-ancestors 'self'",
    `sandbox ${MAIL_FRAME_SANDBOX}`,
  ].join('; '),
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
}
