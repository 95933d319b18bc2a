// Content-Disposition for a served file: inline only for the raster picture
// types a browser shows as pictures, a download for anything else, named with
// the cleaned original name (an ASCII fallback and the UTF-8 form, RFC 6266).
import { PREVIEW_TYPES } from './sniff-type'

export function contentDisposition(type: string, name: string): string {
  const kind = PREVIEW_TYPES.has(type) ? 'inline' : 'attachment'
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`
}
