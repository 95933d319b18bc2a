// Content negotiation for GET /report: JSON unless the Accept header ranks
// text/html strictly above application/json. fetch() and curl send `*/*`
// and get JSON; a browser ranks text/html first and gets the page.

interface MediaRange {
  readonly type: string
  readonly subtype: string
  readonly q: number
}

function parseAccept(header: string): MediaRange[] {
  return header.split(',').flatMap((part) => {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    const [type, subtype, extra] = range.split('/')
    if (!type || !subtype || extra !== undefined) return []
    const qParam = params.find((param) => param.startsWith('q='))
    const q = qParam === undefined ? 1 : Number(qParam.slice(2))
    return Number.isFinite(q) ? [{ type, subtype, q: Math.min(Math.max(q, 0), 1) }] : []
  })
}

// The most specific matching range decides (RFC 9110, 12.5.1): `text/html`
// over `text/*` over `*/*`.
function quality(ranges: readonly MediaRange[], type: string, subtype: string): number {
  let best = -1
  let q = 0
  for (const range of ranges) {
    const specificity =
      range.type === type
        ? range.subtype === subtype
          ? 2
          : range.subtype === '*'
            ? 1
            : -1
        : range.type === '*' && range.subtype === '*'
          ? 0
          : -1
    if (specificity > best) {
      best = specificity
      q = range.q
    }
  }
  return q
}

export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false
  const ranges = parseAccept(accept)
  return quality(ranges, 'text', 'html') > quality(ranges, 'application', 'json')
}
