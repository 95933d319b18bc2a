// A bucket's public view: what anyone may see. It may only name what the
// bucket has, and never what would put a file or someone's details online.
import type { CompileContext } from './compile-context'
import { suggestion } from './did-you-mean'
import type { Bucket, Field } from './model'
import type { RawBucket } from './schemas/bucket'
import type { YamlFile } from './yaml-file'

export function compilePublic(
  ctx: CompileContext,
  yaml: YamlFile,
  raw: RawBucket['public'],
  fields: readonly Field[],
  stateNames: readonly string[],
): Bucket['public'] {
  if (!raw) return undefined
  raw.states?.forEach((s, i) => {
    if (!stateNames.includes(s))
      ctx.report(
        yaml,
        ['public', 'states', i],
        'public-unknown',
        `the public view names state "${s}", which this bucket does not have${suggestion(s, stateNames)}`,
      )
  })
  const names = fields.map((x) => x.name)
  raw.fields?.forEach((name, i) => {
    const path = ['public', 'fields', i]
    const field = fields.find((x) => x.name === name)
    if (!field) {
      ctx.report(
        yaml,
        path,
        'public-unknown',
        `the public view names field "${name}", which this bucket does not have${suggestion(name, names)}`,
      )
    } else if (field.type === 'file') {
      ctx.report(
        yaml,
        path,
        'bad-value',
        `field "${name}" is a file, and files are never public: they are only served to desk readers; take it out of ` +
          `public.fields`,
      )
    } else if (field.contact) {
      ctx.report(
        yaml,
        path,
        'bad-value',
        `field "${name}" is the submitter's contact (contact: true), and making it public would publish personal ` +
          `data; take it out of public.fields`,
      )
    } else if (field.type === 'email' || field.type === 'phone') {
      ctx.report(
        yaml,
        path,
        'bad-value',
        `field "${name}" is ${field.type === 'email' ? 'an e-mail address' : 'a phone number'} that everyone could ` +
          `read; take it out of public.fields unless it is meant to be public`,
        { severity: 'warning' },
      )
    }
  })
  return { states: raw.states ?? stateNames, fields: raw.fields ?? [] }
}
