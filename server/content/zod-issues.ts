// Turns zod's issues into diagnostics an author can act on: a position, a
// stable rule id, and for typos the name they probably meant.
import type { z } from 'zod'
import type { Diagnostic } from './diagnostics'
import { suggestion } from './did-you-mean'
import { typeHint } from './type-hints'
import { valueAt, type Path, type YamlFile } from './yaml-file'

export function validate<T>(
  yaml: YamlFile,
  schema: z.ZodType<T>,
  what: string,
): { value: T | null; diagnostics: Diagnostic[] } {
  const result = schema.safeParse(yaml.data ?? {})
  if (result.success) return { value: result.data, diagnostics: [] }
  const diagnostics = result.error.issues.flatMap((issue) => toDiagnostics(yaml, schema, issue, what))
  return { value: null, diagnostics }
}

function toDiagnostics(yaml: YamlFile, root: z.ZodType, issue: z.core.$ZodIssue, what: string): Diagnostic[] {
  const path = issue.path as (string | number)[]
  const make = (rule: string, message: string, at: Path = path, key = false): Diagnostic => ({
    file: yaml.file,
    ...yaml.position(at, { key }),
    severity: 'error',
    rule,
    message,
  })
  const where = describe(path, what)
  const missing = () =>
    make(
      'missing-key',
      `missing required key "${String(path[path.length - 1])}" in ${describe(path.slice(0, -1), what)}`,
      path.slice(0, -1),
    )
  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = objectKeys(schemaAt(root, path))
      return issue.keys.map((k) =>
        make('unknown-key', `unknown key "${k}" in ${where}${suggestion(k, known)}`, [...path, k], true),
      )
    }
    case 'invalid_type': {
      const input = valueAt(yaml.data, path)
      if (input === undefined) return [missing()]
      return [
        make(
          'wrong-type',
          `${where} should be ${expected(issue.expected)}, not ${kind(input)}${typeHint(yaml, path, input)}`,
        ),
      ]
    }
    case 'invalid_value': {
      const input = String(valueAt(yaml.data, path))
      const values = issue.values.map(String)
      const isType = path[path.length - 1] === 'type'
      return [
        make(
          isType ? 'unknown-field-type' : 'bad-value',
          `${isType ? 'unknown field type' : 'unknown value'} "${input}" for ${where}${suggestion(input, values)} ` +
            `(one of: ${values.join(', ')})`,
        ),
      ]
    }
    case 'invalid_union': {
      // A missing text (title, label) fails every option of its union.
      if (path.length > 0 && valueAt(yaml.data, path) === undefined) return [missing()]
      // When only one option has the right type, its own problems are the precise
      // ones, e.g. a typo inside an option's { value, label }.
      const fitting = issue.errors.filter(
        (errors) =>
          !errors.every((e) => e.path.length === 0 && (e.code === 'invalid_type' || e.code === 'invalid_value')),
      )
      if (fitting.length === 1)
        return (fitting[0] ?? []).flatMap((e) => toDiagnostics(yaml, root, { ...e, path: [...path, ...e.path] }, what))
      return [make('wrong-type', `${where} has the wrong shape: ${unionHint(path)}`)]
    }
    case 'custom': {
      const rule = (issue.params as { rule?: string } | undefined)?.rule ?? 'bad-value'
      return [make(rule, `${where}: ${issue.message}`)]
    }
    default:
      return [make('bad-value', `${where}: ${issue.message}`)]
  }
}

function unionHint(path: Path): string {
  const last = path[path.length - 1]
  if (last === 'from') return 'write a state name or a list of state names'
  if (last === 'access') return 'write public or a list of group names'
  if (path[path.length - 2] === 'options') return 'write an option as a text, or as { value, label }'
  return 'write a text, or a list with one text per storyline'
}

function describe(path: Path, what: string): string {
  return path.length === 0
    ? what
    : `${what} at ${path
        .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
        .join('')
        .replace(/^\./, '')}`
}

function expected(type: string): string {
  return (
    (
      {
        string: 'a text',
        number: 'a number',
        boolean: 'true or false',
        array: 'a list',
        object: 'a map of keys',
      } as Record<string, string>
    )[type] ?? type
  )
}

function kind(value: unknown): string {
  if (value === null) return 'empty'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a map of keys'
  if (typeof value === 'string') return 'a text'
  return `a ${typeof value}`
}

interface Def {
  type: string
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  innerType?: z.ZodType
  options?: z.ZodType[]
  in?: z.ZodType
  left?: z.ZodType
  right?: z.ZodType
}
const defOf = (s: z.ZodType) => (s as unknown as { def: Def }).def

/** Every schema the value at `path` may have to match (unions fan out). */
function schemaAt(root: z.ZodType, path: Path): z.ZodType[] {
  let current = unwrap(root)
  for (const seg of path) {
    current = current.flatMap((s) => {
      const def = defOf(s)
      if (def.type === 'object' && typeof seg === 'string' && def.shape?.[seg]) return unwrap(def.shape[seg])
      if (def.type === 'array' && typeof seg === 'number' && def.element) return unwrap(def.element)
      return []
    })
  }
  return current
}

function unwrap(s: z.ZodType): z.ZodType[] {
  const def = defOf(s)
  if (def.innerType) return unwrap(def.innerType)
  if (def.type === 'pipe' && def.in) return unwrap(def.in)
  if (def.type === 'union' && def.options) return def.options.flatMap(unwrap)
  return [s]
}

function objectKeys(schemas: z.ZodType[]): string[] {
  return schemas.flatMap((s) => Object.keys(defOf(s).shape ?? {}))
}
