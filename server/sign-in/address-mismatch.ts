// A sign-in keeps its state in a cookie on the name the browser opened the
// site by, and the provider sends the browser back to a registered callback
// (PUBLIC_URL's). When the two names differ the callback finds no sign-in in
// progress, whatever the visitor does; so when the browser says which address
// it has the site open at, and no callback is on it, the visitor is told what
// to check instead of being sent round to a sign-in that cannot finish.

export interface AddressMismatch {
  /** The origin the browser has the site open at. */
  readonly used: string
  /** PUBLIC_URL's origin, where sign-in finishes. */
  readonly expected: string
}

/** The mismatch, or null when the address is unknown or a callback's cookie would reach it. */
export function findAddressMismatch(callbackUrls: readonly string[], used: string | null): AddressMismatch | null {
  if (used === null) return null
  const at = parseOrigin(used)
  if (at === null) return null
  const reaches = callbackUrls.some((callback) => {
    const target = new URL(callback)
    // Cookies are kept per host name, not per port; a Secure one (an https
    // PUBLIC_URL) is never stored from a plain-http page.
    return target.hostname === at.hostname && (target.protocol === 'http:' || at.protocol === 'https:')
  })
  const first = callbackUrls[0]
  return reaches || first === undefined ? null : { used: at.origin, expected: new URL(first).origin }
}

function parseOrigin(value: string): URL | null {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? new URL(url.origin) : null
  } catch {
    return null
  }
}
