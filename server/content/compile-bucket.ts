// buckets/<name>.yaml -> Bucket, with every reference inside the bucket checked.
import type { CompileContext } from './compile-context'
import { suggestion } from './did-you-mean'
import type { Bucket, Field, Mail, Move, State } from './model'
import type { RawBucket, RawField, RawMail } from './schemas/bucket'
import type { Path, YamlFile } from './yaml-file'

const MAX_AFTER_DAYS = 3650

export function compileBucket(ctx: CompileContext, yaml: YamlFile, name: string, raw: RawBucket, bucketNames: ReadonlySet<string>): Bucket {
  const unique = uniqueChecker(ctx, yaml)
  const fields = raw.fields.map((f, i) => compileField(ctx, yaml, ['fields', i], f, bucketNames))
  fields.forEach((f, i) => unique('field', f.name, ['fields', i, 'name']))

  if (raw.states.length === 0) ctx.report(yaml, ['states'], 'empty-states', 'a bucket needs at least one state; the first one is where new records start')
  const stateNames = raw.states.map((s) => s.name)
  raw.states.forEach((s, i) => unique('state', s.name, ['states', i, 'name']))
  const stateRef = (path: Path, state: string) => {
    if (!stateNames.includes(state)) ctx.report(yaml, path, 'unknown-reference', `no state named "${state}" in this bucket${suggestion(state, stateNames)}`)
  }

  const mail = (path: Path, m: RawMail | undefined): Mail | undefined => {
    if (!m) return undefined
    const emailFields = fields.filter((f) => f.type === 'email').map((f) => f.name)
    if (m.to !== 'submitter' && !emailFields.includes(m.to) && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(m.to)) {
      ctx.report(yaml, [...path, 'to'], 'mail-to', `mail "to" must be submitter, an email field of this bucket (${emailFields.join(', ') || 'none'}), or an address${suggestion(m.to, ['submitter', ...emailFields])}`)
    }
    return { to: m.to, subject: ctx.text(yaml, [...path, 'subject'], m.subject), body: ctx.text(yaml, [...path, 'body'], m.body) }
  }

  const moveNames = new Set<string>()
  const compileMove = (list: 'moves' | 'self', i: number, m: NonNullable<RawBucket['self']>[number]): Move => {
    const path = [list, i]
    if (moveNames.has(m.name)) ctx.report(yaml, [...path, 'name'], 'duplicate-name', `a move named "${m.name}" is already declared in this bucket`)
    moveNames.add(m.name)
    const from = m.from ?? stateNames.slice(0, 1)
    const fromIsList = yamlIsList(yaml, [...path, 'from'])
    from.forEach((s, j) => stateRef(m.from === undefined ? [...path, 'name'] : fromIsList ? [...path, 'from', j] : [...path, 'from'], s))
    stateRef([...path, 'to'], m.to)
    const label = m.label === undefined ? ctx.storylines.map(() => m.name) : ctx.text(yaml, [...path, 'label'], m.label)
    return { name: m.name, from, to: m.to, label, mail: mail([...path, 'mail'], m.mail) }
  }
  const moves = (raw.moves ?? []).map((m, i) => compileMove('moves', i, m))
  const self = (raw.self ?? []).map((m, i) => compileMove('self', i, m))

  const states = raw.states.map((s, i): State => {
    const path = ['states', i]
    if (s.after) {
      const { days, to } = s.after
      if (!Number.isInteger(days) || days < 1 || days > MAX_AFTER_DAYS) {
        ctx.report(yaml, [...path, 'after', 'days'], 'after-days', `after.days must be a whole number of days from 1 to ${MAX_AFTER_DAYS}`)
      }
      stateRef([...path, 'after', 'to'], to)
      if (stateNames.includes(to) && !moves.some((m) => m.from.includes(s.name) && m.to === to)) {
        ctx.report(yaml, [...path, 'after'], 'after-without-move',
          `state "${s.name}" moves to "${to}" after ${days} days, but no move goes from "${s.name}" to "${to}"; declare one under moves: the timed move uses that edge, its mail and its event`)
      }
    }
    const label = s.label === undefined ? ctx.storylines.map(() => s.name) : ctx.text(yaml, [...path, 'label'], s.label)
    return { name: s.name, label, after: s.after, grants: s.grants }
  })

  const publicView = raw.public && {
    states: raw.public.states ?? stateNames,
    fields: raw.public.fields ?? [],
  }
  raw.public?.states?.forEach((s, i) => {
    if (!stateNames.includes(s)) ctx.report(yaml, ['public', 'states', i], 'public-unknown', `the public view names state "${s}", which this bucket does not have${suggestion(s, stateNames)}`)
  })
  raw.public?.fields?.forEach((f, i) => {
    const names = fields.map((x) => x.name)
    if (!names.includes(f)) ctx.report(yaml, ['public', 'fields', i], 'public-unknown', `the public view names field "${f}", which this bucket does not have${suggestion(f, names)}`)
  })

  return {
    name,
    title: ctx.text(yaml, ['title'], raw.title),
    signIn: raw.sign_in ?? 'optional',
    fields, states, moves, self,
    public: publicView,
    thanks: raw.thanks === undefined ? undefined : ctx.text(yaml, ['thanks'], raw.thanks),
  }
}

function yamlIsList(yaml: YamlFile, path: Path): boolean {
  let cur: unknown = yaml.data
  for (const seg of path) cur = (cur as Record<string | number, unknown> | undefined)?.[seg]
  return Array.isArray(cur)
}

function compileField(ctx: CompileContext, yaml: YamlFile, path: Path, f: RawField, bucketNames: ReadonlySet<string>): Field {
  const only = (key: keyof RawField, types: string[]) => {
    if (f[key] !== undefined && !types.includes(f.type)) {
      ctx.report(yaml, [...path, key], 'bad-value', `"${key}" only applies to fields of type ${types.join(' or ')}, and this field is ${f.type}`, { key: true })
    }
  }
  only('accept', ['file'])
  only('max_mb', ['file'])
  only('of', ['record'])
  only('options', ['choice'])
  only('max_length', ['text', 'textarea'])
  if (f.type === 'record' && f.of === undefined) ctx.report(yaml, [...path, 'type'], 'record-without-of', `field "${f.name}" is of type record and needs "of:" naming the bucket its records belong to`)
  if (f.of !== undefined && !bucketNames.has(f.of)) ctx.report(yaml, [...path, 'of'], 'unknown-reference', `no bucket named "${f.of}"${suggestion(f.of, bucketNames)}`)
  if (f.type === 'choice' && f.options === undefined) ctx.report(yaml, [...path, 'type'], 'missing-key', `field "${f.name}" is a choice and needs "options:"`)
  const options = f.options?.map((o, i) =>
    typeof o === 'string'
      ? { value: o, label: ctx.storylines.map(() => o) }
      : { value: o.value, label: ctx.text(yaml, [...path, 'options', i, 'label'], o.label) })
  return {
    name: f.name,
    type: f.type,
    label: ctx.text(yaml, [...path, 'label'], f.label),
    help: f.help === undefined ? undefined : ctx.text(yaml, [...path, 'help'], f.help),
    required: f.required ?? false,
    contact: f.contact ?? false,
    accept: f.accept,
    maxMb: f.type === 'file' ? (f.max_mb ?? 10) : undefined,
    of: f.of,
    options,
    maxLength: f.type === 'text' ? (f.max_length ?? 200) : f.type === 'textarea' ? (f.max_length ?? 5000) : undefined,
  }
}

function uniqueChecker(ctx: CompileContext, yaml: YamlFile) {
  const seen = new Map<string, Set<string>>()
  return (kind: string, name: string, path: Path) => {
    const names = seen.get(kind) ?? new Set<string>()
    seen.set(kind, names)
    if (names.has(name)) ctx.report(yaml, path, 'duplicate-name', `a ${kind} named "${name}" is already declared in this bucket`)
    names.add(name)
  }
}
