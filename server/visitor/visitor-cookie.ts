// A visitor who has not signed in is known by random values in a cookie. The
// first is made the first time a page shows them a form: it signs their form
// tokens (server/forms/form-token.ts) and names them in the events they
// cause. Each anonymous filing gets a value of its own and is filed under its
// digest alone, so a value someone planted or saw in this browser before a
// filing reads nothing filed after it. Filing needs no session and reading
// writes nothing.
import { createHash } from 'node:crypto'
import { z } from 'zod'
import { hmacSha256 } from '../hmac-key'
import { newRandomToken } from '../random-token'

export const VISITOR_COOKIE = 'svc_visitor'

/**
 * The filing values the cookie keeps after its first value. A browser reads
 * the cases of the last 19 filings it made without signing in; older ones
 * drop off, so the cookie stays under 500 bytes (well inside a browser's 4 KB)
 * and a page view digests at most 20 values.
 */
export const VISITOR_FILING_VALUES = 19

// Not in the base64url alphabet, so a value never holds it.
const SEPARATOR = '.'

/** 16 random bytes, base64url: 22 characters. */
export const newVisitorCookie = newRandomToken

const visitorValueSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/)

/**
 * The cookie's values, first value first: whatever is not a value the service
 * makes is left out, and a list over the cap keeps its first value and its
 * newest filing values, so a tampered cookie is never an error.
 */
export function readVisitorCookieValues(cookie: unknown): readonly string[] {
  if (typeof cookie !== 'string') return []
  const values = cookie.split(SEPARATOR).filter((value) => visitorValueSchema.safeParse(value).success)
  return values.length <= VISITOR_FILING_VALUES + 1 ? values : [values[0]!, ...values.slice(-VISITOR_FILING_VALUES)]
}

/**
 * The value a filing adds, from the form's one-time token under the instances'
 * shared key: a repeat of the post (a double click, a retry after a lost
 * answer) gets the value its record was filed under, while someone who knows
 * only the cookie's first value cannot work it out without the token, which
 * was only ever in the filer's page.
 */
export function filingValue(secret: Buffer, first: string, submission: string): string {
  return hmacSha256(secret)
    .update(`svc-visitor-filing\n${first}\n${submission}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url')
}

/** The cookie with `fresh` added after `values`, the oldest filing values dropped past the cap. */
export function withFilingValue(values: readonly string[], fresh: string): readonly string[] {
  const [first, ...filings] = values
  if (first === undefined) return [fresh]
  if (values.includes(fresh)) return values
  return [first, ...[...filings, fresh].slice(-VISITOR_FILING_VALUES)]
}

export const writeVisitorCookieValues = (values: readonly string[]): string => values.join(SEPARATOR)

// Records are kept for years and read on desks, so they carry a digest, never
// the value: the cookie cannot be rebuilt from a record.
export function visitorCookieKey(value: string): string {
  return createHash('sha256').update(`svc-visitor-cookie:${value}`).digest('base64url').slice(0, 32)
}
