// buckets/<name>.yaml -> Bucket, with every reference inside the bucket checked.
import type { CompileContext } from './compile-context'
import { compileFields } from './compile-field'
import { compileMoves } from './compile-moves'
import { compilePublic } from './compile-public'
import { compileRetention } from './compile-retention'
import { suggestion } from './did-you-mean'
import { checkPlaceholders } from './mail-placeholders'
import type { Bucket, Field, State } from './model'
import type { RawBucket } from './schemas/bucket'
import type { Path, YamlFile } from './yaml-file'

const MAX_AFTER_DAYS = 3650

export function compileBucket(
  ctx: CompileContext,
  yaml: YamlFile,
  name: string,
  raw: RawBucket,
  bucketNames: ReadonlySet<string>,
): Bucket {
  const fields = compileFields(ctx, yaml, raw.fields, bucketNames)

  if (raw.states.length === 0)
    ctx.report(
      yaml,
      ['states'],
      'empty-states',
      'a bucket needs at least one state; the first one is where new records start',
    )
  const stateNames = raw.states.map((s) => s.name)
  stateNames.forEach((s, i) => {
    if (stateNames.indexOf(s) < i)
      ctx.report(
        yaml,
        ['states', i, 'name'],
        'duplicate-name',
        `a state named "${s}" is already declared in this bucket`,
      )
  })
  const stateRef = (path: Path, state: string) => {
    if (!stateNames.includes(state))
      ctx.report(
        yaml,
        path,
        'unknown-reference',
        `no state named "${state}" in this bucket${suggestion(state, stateNames)}`,
      )
  }
  const { moves, self } = compileMoves(ctx, yaml, raw, { fields, stateNames, stateRef })

  const states = raw.states.map((s, i): State => {
    const path = ['states', i]
    if (s.after) {
      const { days, to } = s.after
      if (!Number.isInteger(days) || days < 1 || days > MAX_AFTER_DAYS) {
        ctx.report(
          yaml,
          [...path, 'after', 'days'],
          'after-days',
          `after.days must be a whole number of days from 1 to ${MAX_AFTER_DAYS}`,
        )
      }
      stateRef([...path, 'after', 'to'], to)
      if (stateNames.includes(to) && !moves.some((m) => m.from.includes(s.name) && m.to === to)) {
        ctx.report(
          yaml,
          [...path, 'after'],
          'after-without-move',
          `state "${s.name}" moves to "${to}" after ${days} days, but no move goes from "${s.name}" to "${to}"; ` +
            `declare one under moves: the timed move uses that edge, its mail and its event`,
        )
      }
    }
    const label = s.label === undefined ? ctx.storylines.map(() => s.name) : ctx.text(yaml, [...path, 'label'], s.label)
    const deskLabel =
      s.desk_label === undefined ? {} : { deskLabel: ctx.text(yaml, [...path, 'desk_label'], s.desk_label) }
    return { name: s.name, label, ...deskLabel, after: s.after, grants: s.grants, closed: s.closed === true }
  })

  // Records filed with sign_in: none belong to nobody: no self moves, and
  // grants can only reach the person a contact field names.
  if (raw.sign_in === 'none') {
    if (self.length > 0) {
      ctx.report(
        yaml,
        ['self'],
        'bad-value',
        'records in a sign_in: none bucket are anonymous, so nobody can take these self moves; drop self: or use ' +
          'sign_in: optional',
        { severity: 'warning', key: true },
      )
    }
    if (!fields.some((f) => f.contact)) {
      raw.states.forEach((s, i) => {
        if (s.grants === undefined) return
        ctx.report(
          yaml,
          ['states', i, 'grants'],
          'bad-value',
          `records in a sign_in: none bucket are anonymous and this bucket has no contact: true field, so grants can ` +
            `never add anyone to "${s.grants}"; add a contact field or use sign_in: optional`,
          { severity: 'warning' },
        )
      })
    }
  }

  return {
    name,
    title: ctx.text(yaml, ['title'], raw.title),
    signIn: raw.sign_in ?? 'optional',
    fields,
    states,
    moves,
    self,
    public: compilePublic(ctx, yaml, raw.public, fields, stateNames),
    thanks: raw.thanks === undefined ? undefined : ctx.markdown(yaml, ['thanks'], raw.thanks),
    receipt: compileReceipt(ctx, yaml, raw.receipt, fields),
    ...compileRetention(ctx, yaml, raw, stateRef),
  }
}

function compileReceipt(
  ctx: CompileContext,
  yaml: YamlFile,
  raw: RawBucket['receipt'],
  fields: readonly Field[],
): Bucket['receipt'] {
  if (raw === undefined) return undefined
  checkPlaceholders(ctx, yaml, ['receipt', 'subject'], raw.subject, fields)
  checkPlaceholders(ctx, yaml, ['receipt', 'body'], raw.body, fields)
  return {
    subject: ctx.text(yaml, ['receipt', 'subject'], raw.subject),
    body: ctx.markdown(yaml, ['receipt', 'body'], raw.body),
  }
}
