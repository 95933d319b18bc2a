// A url-encoded form body, read strictly: bytes that are not UTF-8, or an
// escape that does not decode, make the whole body unreadable rather than
// quietly turning into replacement characters.
import type { FormValue } from './form-body'

const utf8 = new TextDecoder('utf-8', { fatal: true })

function decode(part: string): string {
  return decodeURIComponent(part.replace(/\+/g, ' '))
}

/** The pairs in body order, or null when the body is malformed. */
export function parseUrlEncoded(bytes: Uint8Array): Array<[string, FormValue]> | null {
  try {
    return utf8
      .decode(bytes)
      .split('&')
      .filter((pair) => pair !== '')
      .map((pair) => {
        const at = pair.indexOf('=')
        return at === -1 ? [decode(pair), ''] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))]
      })
  } catch {
    return null
  }
}
