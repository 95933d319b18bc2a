// A bucket's fields: what each type needs, keys that only fit other types,
// unique names and option values, and the one contact field of each kind.
import type { CompileContext } from './compile-context'
import { suggestion } from './did-you-mean'
import type { Field } from './model'
import { FREE_TEXT_TYPES } from './personal-data'
import type { RawField } from './schemas/bucket'
import type { Path, YamlFile } from './yaml-file'

export function compileFields(
  ctx: CompileContext,
  yaml: YamlFile,
  raw: readonly RawField[],
  bucketNames: ReadonlySet<string>,
): Field[] {
  const fields = raw.map((f, i) => compileField(ctx, yaml, ['fields', i], f, bucketNames))
  fields.forEach((f, i) => {
    if (fields.findIndex((x) => x.name === f.name) < i)
      ctx.report(
        yaml,
        ['fields', i, 'name'],
        'duplicate-name',
        `a field named "${f.name}" is already declared in this bucket`,
      )
  })
  // `to: submitter` and grants reach the submitter through these: two would be a guess.
  fields.forEach((f, i) => {
    const first = fields.find((x) => x.contact && x.type === f.type)
    if (f.contact && first && first !== f) {
      ctx.report(
        yaml,
        ['fields', i, 'contact'],
        'bad-value',
        `field "${first.name}" is already this bucket's contact ${f.type} field, and a bucket has at most one; drop ` +
          `"contact" here`,
        { key: true },
      )
    }
  })
  return fields
}

function compileField(
  ctx: CompileContext,
  yaml: YamlFile,
  path: Path,
  f: RawField,
  bucketNames: ReadonlySet<string>,
): Field {
  const only = (key: keyof RawField, types: string[]) => {
    if (f[key] !== undefined && !types.includes(f.type)) {
      ctx.report(
        yaml,
        [...path, key],
        'bad-value',
        `"${key}" only applies to fields of type ${types.join(' or ')}, and this field is ${f.type}`,
        { key: true },
      )
    }
  }
  only('accept', ['file'])
  only('max_mb', ['file'])
  only('of', ['record'])
  only('options', ['choice'])
  only('max_length', ['text', 'textarea'])
  only('contact', ['email', 'phone'])
  checkPersonal(ctx, yaml, path, f)
  if (f.type === 'record' && f.of === undefined)
    ctx.report(
      yaml,
      [...path, 'type'],
      'record-without-of',
      `field "${f.name}" is of type record and needs "of:" naming the bucket its records belong to`,
    )
  if (f.of !== undefined && !bucketNames.has(f.of))
    ctx.report(yaml, [...path, 'of'], 'unknown-reference', `no bucket named "${f.of}"${suggestion(f.of, bucketNames)}`)
  if (f.type === 'choice' && f.options === undefined)
    ctx.report(yaml, [...path, 'type'], 'missing-key', `field "${f.name}" is a choice and needs "options:"`)
  const options = f.options?.map((o, i) =>
    typeof o === 'string'
      ? { value: o, label: ctx.storylines.map(() => o) }
      : { value: o.value, label: ctx.text(yaml, [...path, 'options', i, 'label'], o.label) },
  )
  options?.forEach((o, i) => {
    if (options.findIndex((x) => x.value === o.value) < i) {
      const at = typeof f.options?.[i] === 'string' ? [...path, 'options', i] : [...path, 'options', i, 'value']
      ctx.report(
        yaml,
        at,
        'duplicate-name',
        `the option value "${o.value}" is already listed in field "${f.name}"; each option needs its own value`,
      )
    }
  })
  return {
    name: f.name,
    type: f.type,
    label: ctx.text(yaml, [...path, 'label'], f.label),
    ...(f.desk_label === undefined ? {} : { deskLabel: ctx.text(yaml, [...path, 'desk_label'], f.desk_label) }),
    help: f.help === undefined ? undefined : ctx.text(yaml, [...path, 'help'], f.help),
    required: f.required ?? false,
    contact: f.contact ?? false,
    accept: f.accept,
    maxMb: f.type === 'file' ? (f.max_mb ?? 10) : undefined,
    of: f.of,
    options,
    maxLength: f.type === 'text' ? (f.max_length ?? 200) : f.type === 'textarea' ? (f.max_length ?? 5000) : undefined,
    ...(f.personal === undefined ? {} : { personal: f.personal }),
  }
}

// Free text often names people, and whether it does is the author's to know: the lint asks them to say so.
function checkPersonal(ctx: CompileContext, yaml: YamlFile, path: Path, f: RawField): void {
  if (f.contact === true && (f.type === 'email' || f.type === 'phone') && f.personal === false)
    ctx.report(
      yaml,
      [...path, 'personal'],
      'bad-value',
      `field "${f.name}" is a contact field, which is always personal data; drop "personal: false"`,
      { key: true },
    )
  if (FREE_TEXT_TYPES.includes(f.type) && f.personal === undefined)
    ctx.report(
      yaml,
      [...path, 'type'],
      'personal-unsaid',
      `field "${f.name}" is free text, which may name people; say "personal: true" if its answers are personal ` +
        `data (erased with the case's personal data) or "personal: false" if they are not`,
      { severity: 'warning' },
    )
}
