// Content-Disposition for a served file: inline only for the raster picture
// types a browser shows as pictures, a download for anything else, named with
// the cleaned original name: an ASCII fallback and the UTF-8 form (RFC 6266
// and RFC 8187). It never throws: a lone surrogate (a name cut before names
// were cut on code points) becomes U+FFFD instead of failing encodeURIComponent.
import { PREVIEW_TYPES } from './sniff-type'

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

export function contentDisposition(type: string, name: string): string {
  const kind = PREVIEW_TYPES.has(type) ? 'inline' : 'attachment'
  const whole = name.replace(LONE_SURROGATE, '\uFFFD')
  const ascii = whole.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const utf8 = encodeURIComponent(whole).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`
}
