// Browsers say where a post comes from: `Sec-Fetch-Site` (all current ones)
// and `Origin` (on every cross-origin post). Either naming another site is a
// forged form, whatever token it carries. A client that sends neither (curl,
// an old browser) is left to the token check. A page sent with
// `Referrer-Policy: no-referrer` (a case opened by its mail's link) posts with
// `Origin: null`, and then the browser's own same-origin says it is ours.

export interface PostOrigin {
  readonly secFetchSite?: string
  readonly origin?: string
  /** The Host header the request came with. */
  readonly host?: string
  /** PUBLIC_URL's origin, when set. */
  readonly publicOrigin?: string
}

export function isCrossSite({ secFetchSite, origin, host, publicOrigin }: PostOrigin): boolean {
  if (secFetchSite !== undefined && secFetchSite !== 'same-origin' && secFetchSite !== 'none') return true
  if (origin === undefined) return false
  // Sandboxed frames and some redirects send the literal "null".
  if (origin === 'null') return secFetchSite !== 'same-origin'
  if (origin === publicOrigin) return false
  // A proxy may end TLS, so the host is what is compared. A forged form
  // cannot choose the Host header the visitor's browser sends.
  try {
    return new URL(origin).host !== host
  } catch {
    return true
  }
}
