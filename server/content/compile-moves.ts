// A bucket's desk moves and self moves: the states they join, the states they
// may be taken from, and the mail each one sends.
import type { CompileContext } from './compile-context'
import { suggestion } from './did-you-mean'
import { checkPlaceholders } from './mail-placeholders'
import type { Field, Mail, Move } from './model'
import type { RawBucket, RawMail } from './schemas/bucket'
import { valueAt, type Path, type YamlFile } from './yaml-file'

type RawMove = NonNullable<RawBucket['self']>[number] &
  Partial<Pick<NonNullable<RawBucket['moves']>[number], 'note' | 'confirm'>>

export interface MoveScope {
  readonly fields: readonly Field[]
  readonly stateNames: readonly string[]
  /** Reports `state` at `path` when the bucket has no such state. */
  readonly stateRef: (path: Path, state: string) => void
}

export function compileMoves(
  ctx: CompileContext,
  yaml: YamlFile,
  raw: RawBucket,
  scope: MoveScope,
): { moves: Move[]; self: Move[] } {
  const names = new Set<string>()
  const compile =
    (list: 'moves' | 'self') =>
    (m: RawMove, i: number): Move => {
      const path = [list, i]
      if (names.has(m.name))
        ctx.report(
          yaml,
          [...path, 'name'],
          'duplicate-name',
          `a move named "${m.name}" is already declared in this bucket`,
        )
      names.add(m.name)
      const from = m.from ?? scope.stateNames.slice(0, 1)
      const fromIsList = Array.isArray(valueAt(yaml.data, [...path, 'from']))
      const fromPath = (j: number): Path =>
        m.from === undefined ? [...path, 'name'] : fromIsList ? [...path, 'from', j] : [...path, 'from']
      from.forEach((s, j) => scope.stateRef(fromPath(j), s))
      scope.stateRef([...path, 'to'], m.to)
      checkFrom(ctx, yaml, list, path, m, from, fromPath, scope.stateNames[0])
      const label =
        m.label === undefined ? ctx.storylines.map(() => m.name) : ctx.text(yaml, [...path, 'label'], m.label)
      return {
        name: m.name,
        from,
        to: m.to,
        label,
        mail: compileMail(ctx, yaml, [...path, 'mail'], m.mail, scope.fields, m.note !== undefined),
        ...(m.note === undefined ? {} : { note: m.note }),
        confirm: m.confirm === true,
      }
    }
  return { moves: (raw.moves ?? []).map(compile('moves')), self: (raw.self ?? []).map(compile('self')) }
}

// A move that cannot be taken, or that leaves the record where it was, is a
// slip: a desk button or a self move that does nothing.
function checkFrom(
  ctx: CompileContext,
  yaml: YamlFile,
  list: 'moves' | 'self',
  path: Path,
  m: RawMove,
  from: readonly string[],
  fromPath: (j: number) => Path,
  initial: string | undefined,
): void {
  const rule = list === 'self' ? 'self-from-state' : 'bad-value'
  const what = list === 'self' ? 'self move' : 'move'
  if (m.from !== undefined && m.from.length === 0) {
    const fix =
      list === 'self'
        ? `leave from: out to mean the initial state${initial ? ` ("${initial}")` : ''}, or list the states`
        : 'list the states it may be taken from'
    ctx.report(
      yaml,
      [...path, 'from'],
      rule,
      `${what} "${m.name}" has an empty from:, so it can never be taken; ${fix}`,
    )
    return
  }
  const j = from.indexOf(m.to)
  if (j === -1) return
  if (m.from === undefined) {
    ctx.report(
      yaml,
      [...path, 'to'],
      rule,
      `${what} "${m.name}" has no from:, so it is taken from the initial state "${m.to}", which is also its to; add ` +
        `from: or pick another to`,
    )
  } else {
    ctx.report(
      yaml,
      fromPath(j),
      rule,
      `${what} "${m.name}" goes from "${m.to}" to "${m.to}", which changes nothing; take "${m.to}" out of from:`,
    )
  }
}

function compileMail(
  ctx: CompileContext,
  yaml: YamlFile,
  path: Path,
  m: RawMail | undefined,
  fields: readonly Field[],
  note = false,
): Mail | undefined {
  if (!m) return undefined
  const emailFields = fields.filter((f) => f.type === 'email').map((f) => f.name)
  if (m.to !== 'submitter' && !emailFields.includes(m.to) && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(m.to)) {
    ctx.report(
      yaml,
      [...path, 'to'],
      'mail-to',
      `mail "to" must be submitter, an email field of this bucket (${emailFields.join(', ') || 'none'}), or an ` +
        `address${suggestion(m.to, ['submitter', ...emailFields])}`,
    )
  }
  // {{note}} is what staff wrote with the move, so only a move that asks for one has it.
  const extra = note ? ['note'] : []
  checkPlaceholders(ctx, yaml, [...path, 'subject'], m.subject, fields, extra)
  checkPlaceholders(ctx, yaml, [...path, 'body'], m.body, fields, extra)
  return {
    to: m.to,
    subject: ctx.text(yaml, [...path, 'subject'], m.subject),
    body: ctx.markdown(yaml, [...path, 'body'], m.body),
  }
}
