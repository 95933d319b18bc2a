// A visitor who has not signed in is known by a random value in a cookie,
// made the first time a page shows them a form. It signs their form tokens
// (server/forms/form-token.ts) and, digested, marks the records they file as
// theirs, so filing needs no session and reading writes nothing.
import { createHash, randomBytes } from 'node:crypto'
import { z } from 'zod'

export const VISITOR_COOKIE = 'svc_visitor'

/** 16 random bytes, base64url: 22 characters. */
export const newVisitorCookie = (): string => randomBytes(16).toString('base64url')

const visitorCookieSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/)

/** The cookie's value, or null when it is missing or not one the service makes. */
export function readVisitorCookieValue(value: unknown): string | null {
  const parsed = visitorCookieSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

// Records are kept for years and read on desks, so they carry a digest, never
// the value: the cookie cannot be rebuilt from a record.
export function visitorCookieKey(value: string): string {
  return createHash('sha256').update(`svc-visitor-cookie:${value}`).digest('base64url').slice(0, 32)
}
