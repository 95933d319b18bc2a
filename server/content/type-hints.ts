// Values YAML itself changed before the schema saw them: an unquoted # starts
// a comment, so a colour is empty, and an unquoted phone number is a number
// that has lost its + or leading 0. The fix is always the same: quotes.
import type { Path, YamlFile } from './yaml-file'

const COLOR_KEYS = ['primary', 'accent', 'text', 'background']

/** Text to add to a wrong-type message, or ''. */
export function typeHint(yaml: YamlFile, path: Path, input: unknown): string {
  const key = path[path.length - 1]
  const comment = input === null ? yaml.written(path)?.comment : undefined
  if (
    comment !== undefined &&
    path.length === 2 &&
    path[0] === 'colors' &&
    typeof key === 'string' &&
    COLOR_KEYS.includes(key)
  ) {
    const hex = /^[0-9a-fA-F]{3,8}\b/.exec(comment)?.[0] ?? '0b6e4f'
    return `; a # starts a YAML comment, so write the colour in quotes: ${key}: "#${hex}"`
  }
  if (typeof input === 'number' && key === 'phone') {
    const written = yaml.written(path)?.text ?? String(input)
    return `; write the number in quotes, phone: "${written}", or YAML reads it as a number and drops a leading + or 0`
  }
  return ''
}
