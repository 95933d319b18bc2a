// The strings of a raw text with the path each one is written at: a plain
// string is one entry, a storyline list one per item. Checks run on these,
// not on resolved texts, so a string shared by every storyline is reported once.
import type { RawText } from './schemas/text'
import type { Path } from './yaml-file'

export function textEntries(path: Path, raw: RawText): { path: Path; text: string }[] {
  return typeof raw === 'string' ? [{ path, text: raw }] : raw.map((text, i) => ({ path: [...path, i], text }))
}
