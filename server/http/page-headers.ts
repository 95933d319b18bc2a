// What every HTML page is sent with. Scripts and styles only from the
// service's own files (no inline code, no per-response nonce, so a page stays
// cacheable); never framed; the path of a page never leaves the site as a
// referrer; the location only for the site itself (the map picker).
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'referrer-policy': 'same-origin',
  'permissions-policy': 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()',
  'x-content-type-options': 'nosniff',
}
