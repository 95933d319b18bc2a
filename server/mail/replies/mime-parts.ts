// How many MIME parts a raw message claims, counted on its bytes before any
// parser sees it: mailparser given a thousand tiny attachments never settles,
// so a message with too many is refused unparsed.

const BOUNDARY = /boundary\s*=\s*(?:"([^"\r\n]{1,200})"|([^\s;"]{1,200}))/gi

/** Delimiter lines of every boundary the message declares (nested ones too), closing lines excluded. */
export function countMimeParts(raw: Buffer): number {
  const text = raw.toString('latin1')
  const boundaries = new Set<string>()
  for (const match of text.matchAll(BOUNDARY)) boundaries.add(match[1] ?? match[2] ?? '')
  boundaries.delete('')
  if (boundaries.size === 0) return 1
  let parts = 0
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith('--')) continue
    const rest = line.slice(2).trimEnd()
    for (const boundary of boundaries) if (rest === boundary) parts += 1
  }
  return parts
}
