// What a record keeps for a `type: file` field: the object key the service
// made, the cleaned original name, the size and the type read from the
// file's own bytes. Stored as JSON text in the field (records hold text);
// the key never leaves the service: pages, mail, the CSV export and the
// automation endpoint name the file by its attachment route instead.
import { z } from 'zod'

const storedFileSchema = z.object({
  key: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  type: z.string(),
  /** A downscaled picture kept beside an image (upload-key.ts previewKey). */
  preview: z.boolean(),
})

export type StoredFile = z.infer<typeof storedFileSchema>

export function storedFileValue(file: StoredFile): string {
  return JSON.stringify(file)
}

/** The file a field's value names; null for an empty field or anything else. */
export function readStoredFile(value: string | undefined): StoredFile | null {
  if (value === undefined || !value.startsWith('{')) return null
  try {
    const parsed = storedFileSchema.safeParse(JSON.parse(value))
    // A name kept before names were cleaned as they are now is cleaned on the way out.
    return parsed.success ? { ...parsed.data, name: cleanFileName(parsed.data.name) } : null
  } catch {
    return null
  }
}

/** Most code points a cleaned name keeps. */
const NAME_MAX = 120
// Control and format characters (\p{Cf}: bidi overrides and isolates, zero-width
// joiners and spaces, the BOM) can make `invoice\u202Egnp.exe` show as
// `invoiceexe.png`; a lone surrogate cannot be percent-encoded for a header.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}]/gu
const NOT_IN_A_NAME = /["<>|:*?]/g

/**
 * The browser's file name made safe to show and to offer as a download name: no path, no control or
 * format characters, at most NAME_MAX code points (never cut inside one).
 */
export function cleanFileName(name: string): string {
  // Browsers send `"`, CR and LF in a file name as %22, %0D and %0A (HTML's multipart encoding).
  const decoded = name.replace(/%22/gi, '"').replace(/%0[ad]/gi, ' ')
  const base = decoded.split(/[/\\]/).pop() ?? ''
  const clean = base
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(NOT_IN_A_NAME, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
  const points = [...clean]
  if (points.length === 0) return 'file'
  if (points.length <= NAME_MAX) return clean
  const dot = points.lastIndexOf('.')
  const ext = dot > 0 && points.length - dot <= 10 ? points.slice(dot) : []
  return [...points.slice(0, NAME_MAX - ext.length), ...ext].join('').trim()
}

/** "photo.jpg, 2.4 MB": how a page or a mail names a file. */
export function fileLabel(file: StoredFile): string {
  const size =
    file.size >= 1024 * 1024
      ? `${(file.size / (1024 * 1024)).toFixed(1)} MB`
      : `${Math.max(1, Math.round(file.size / 1024))} KB`
  return `${file.name}, ${size}`
}
