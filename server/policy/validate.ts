// Checks policy files against the fixed schema and pins every problem Cedar
// finds to a line and column in the file it came from.

import type { DetailedError } from '@cedar-policy/cedar-wasm/nodejs'
import type { Diagnostic, Severity } from '../content/diagnostics'
import { useCedar } from './cedar'
import { POLICY_SCHEMA } from './schema'

export interface PolicyFile {
  /** Path relative to the content root. */
  readonly file: string
  readonly text: string
}

type Rule = 'cedar-syntax' | 'cedar-validation'
type Locate = (byteOffset: number) => { line: number; col: number }

export function validatePolicyFiles(files: readonly PolicyFile[]): Diagnostic[] {
  return files.flatMap(validatePolicyFile)
}

// Each file is validated on its own, as one text, so Cedar's offsets are
// offsets into that file. Validation is per policy, so nothing is lost by not
// seeing the other files, and Cedar's own ids (policy0, ...) cannot clash.
function validatePolicyFile({ file, text }: PolicyFile): Diagnostic[] {
  const answer = useCedar().validate({
    schema: POLICY_SCHEMA,
    policies: { staticPolicies: text },
    validationSettings: { mode: 'strict' },
  })
  const locate = createLocator(text)
  const toDiagnostics = (severity: Severity, rule: Rule) => (error: DetailedError) =>
    flatten(error).map((e) => toDiagnostic(file, locate, e, severity, rule))

  if (answer.type === 'failure') {
    return [
      ...answer.errors.flatMap(toDiagnostics('error', 'cedar-syntax')),
      ...answer.warnings.flatMap(toDiagnostics('warning', 'cedar-syntax')),
    ]
  }
  return [
    ...answer.validationErrors.flatMap((v) => toDiagnostics('error', 'cedar-validation')(v.error)),
    ...answer.validationWarnings.flatMap((v) => toDiagnostics('warning', 'cedar-validation')(v.error)),
    ...answer.otherWarnings.flatMap(toDiagnostics('warning', 'cedar-validation')),
  ]
}

// The parser reports its first error and hangs the rest under `related`.
function flatten(error: DetailedError): DetailedError[] {
  return [error, ...(error.related ?? []).flatMap(flatten)]
}

function toDiagnostic(file: string, locate: Locate, error: DetailedError, severity: Severity, rule: Rule): Diagnostic {
  const source = error.sourceLocations?.[0]
  // Without a location the problem is about the file as a whole.
  const { line, col } = source ? locate(source.start) : { line: 0, col: 0 }
  return { file, line, col, severity, message: describe(error, source?.label ?? null), rule }
}

// The file:line:col already says where; Cedar's prefixes naming its internal
// policy id or the parse call only repeat that.
function describe(error: DetailedError, label: string | null): string {
  const message = error.message
    .replace(/^failed to parse policies from string: /, '')
    .replace(/^for policy `[^`]*`, /, '')
  return [message, label, error.help].filter((part) => part !== null && part !== '').join('; ')
}

// Cedar counts UTF-8 bytes. Columns count characters (code points), so a
// multi-byte letter earlier on the line moves the column by one, as seen.
function createLocator(text: string): Locate {
  const bytes = Buffer.from(text, 'utf8')
  return (byteOffset) => {
    const lines = bytes.subarray(0, byteOffset).toString('utf8').split('\n')
    const last = lines[lines.length - 1] ?? ''
    return { line: lines.length, col: [...last].length + 1 }
  }
}

/**
 * All policy files as one static policy set for the authorizer. Ids are
 * `<file>#<n>`, n counting the file's policies from 1 in written order, so
 * they are stable for an unchanged file and unique across files. Expects
 * files that validated; throws on one that does not parse.
 */
export function compilePolicySet(files: readonly PolicyFile[]): Record<string, string> {
  const policies: Record<string, string> = {}
  for (const { file, text } of files) {
    splitPolicies(file, text).forEach((policy, index) => {
      policies[`${file}#${index + 1}`] = policy
    })
  }
  return policies
}

function splitPolicies(file: string, text: string): string[] {
  const answer = useCedar().policySetTextToParts(text)
  if (answer.type === 'failure') {
    throw new Error(`[svc] [policy] ${file}: ${answer.errors.map((e) => describe(e, null)).join('; ')}`)
  }
  if (answer.policy_templates.length > 0) throw new Error(`[svc] [policy] ${file}: templates are not allowed`)
  // Parts come back sorted by Cedar's ids (policy0, policy1, policy10, policy2,
  // ...); sorting the same numbers as text pairs each part with its place.
  const places = answer.policies.map((_, n) => String(n)).sort()
  return answer.policies
    .map((policy, i) => ({ policy, place: Number(places[i]) }))
    .sort((a, b) => a.place - b.place)
    .map(({ policy }) => policy)
}
