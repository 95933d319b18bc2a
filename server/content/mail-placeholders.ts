// {{...}} in a mail subject or body: the mailer fills in only these, so any
// other is a mistake the author would otherwise find in someone's inbox.
import type { CompileContext } from './compile-context'
import { didYouMean } from './did-you-mean'
import type { Field } from './model'
import type { RawText } from './schemas/text'
import { textEntries } from './text-entries'
import type { Path, YamlFile } from './yaml-file'

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g
const ALLOWED =
  'a mail may use {{site.name}}, {{record.<field>}} for a field of this bucket, {{record.state}}, ' +
  '{{record.id}}, {{record.reference}}, {{link}} and, in the mail of a move with note:, {{note}}'

export function checkPlaceholders(
  ctx: CompileContext,
  yaml: YamlFile,
  path: Path,
  raw: RawText,
  fields: readonly Field[],
  extra: readonly string[] = [],
): void {
  const known = [
    ...extra,
    'site.name',
    'record.state',
    'record.id',
    'record.reference',
    'link',
    ...fields.filter((f) => f.type !== 'file').map((f) => `record.${f.name}`),
  ]
  for (const entry of textEntries(path, raw)) {
    const problems = new Map<string, { rule: string; message: string }>()
    for (const [written, name = ''] of entry.text.matchAll(PLACEHOLDER)) {
      if (known.includes(name) || problems.has(written)) continue
      problems.set(written, problem(name, fields, known))
    }
    for (const [written, { rule, message }] of problems) {
      for (const at of yaml.find(entry.path, written)) ctx.reportAt(yaml, at, rule, message)
    }
  }
}

function problem(name: string, fields: readonly Field[], known: readonly string[]): { rule: string; message: string } {
  const file = fields.find((f) => f.type === 'file' && `record.${f.name}` === name)
  if (file) {
    return {
      rule: 'bad-value',
      message:
        `{{${name}}}: field "${file.name}" is a file, and a file cannot be put into a mail; use {{link}} to ` +
        `point at the record instead`,
    }
  }
  const near = didYouMean(name, known)
  return {
    rule: 'unknown-reference',
    message: `unknown placeholder {{${name}}}${near ? `; did you mean {{${near}}}?` : `; ${ALLOWED}`}`,
  }
}
