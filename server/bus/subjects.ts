import { busError } from './errors'

// NATS subject matching: `*` is one token, a final `>` one or more tokens.
export function subjectMatches(filter: string, subject: string): boolean {
  const want = filter.split('.')
  const have = subject.split('.')
  for (const [i, token] of want.entries()) {
    if (token === '>') return i === want.length - 1 && have.length > i
    const actual = have[i]
    if (actual === undefined || (token !== '*' && token !== actual)) return false
  }
  return want.length === have.length
}

export function sameSubjects(a: readonly string[], b: readonly string[]): boolean {
  const have = new Set(a)
  return have.size === new Set(b).size && b.every((subject) => have.has(subject))
}

const namePattern = /^[-\w]+$/
const keyPattern = /^[-/=\w]+(\.[-/=\w]+)*$/

// Stream and bucket names become file names in the local bus, and NATS
// refuses the same characters, so both buses check them alike.
export function assertName(kind: 'stream' | 'bucket' | 'consumer', name: string): void {
  if (!namePattern.test(name)) throw busError(`invalid ${kind} name ${JSON.stringify(name)}`)
}

// The NATS client accepts empty tokens (`a..b`) that the server then
// refuses; checking here gives both buses one clear error.
export function assertKey(key: string): void {
  if (!keyPattern.test(key)) throw busError(`invalid key ${JSON.stringify(key)}`)
}
