// What a file is, read from its first bytes (file-type), never from its name
// or the browser's claim; and whether a field's `accept` takes it.
import { fileTypeFromBuffer } from 'file-type'

/** Enough of the start of a file for every type file-type knows. */
export const SNIFF_BYTES = 4100

export interface SniffedType {
  readonly mime: string
  readonly ext: string
}

/** Undefined when the bytes are of no known binary type (plain text, a script, HTML). */
export async function sniffType(head: Uint8Array): Promise<SniffedType | undefined> {
  const found = await fileTypeFromBuffer(head)
  return found === undefined ? undefined : { mime: found.mime, ext: found.ext }
}

/**
 * `accept` as the content gives it (`image/*`, `application/pdf`, `.pdf`),
 * matched against the type the bytes show. A field without `accept` takes
 * any file, kept as application/octet-stream when its type is unknown.
 */
export function acceptedType(accept: readonly string[] | undefined, sniffed: SniffedType | undefined): string | null {
  if (accept === undefined || accept.length === 0) return sniffed?.mime ?? 'application/octet-stream'
  if (sniffed === undefined) return null
  const ok = accept.some((entry) => {
    const wanted = entry.toLowerCase()
    if (wanted.startsWith('.')) return wanted.slice(1) === sniffed.ext || (wanted === '.jpeg' && sniffed.ext === 'jpg')
    if (wanted.endsWith('/*')) return sniffed.mime.startsWith(wanted.slice(0, -1))
    return sniffed.mime === wanted
  })
  return ok ? sniffed.mime : null
}

/** Raster pictures a browser shows inline and sharp can shrink; anything else is served as a download. */
export const PREVIEW_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
])
