// Session ids and CSRF tokens: 32 random bytes, base64url (43 characters,
// all valid in a NATS KV key).
import { randomBytes } from 'node:crypto'

export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Anything else in a cookie is forged and never reaches the bus. */
export function isSessionId(text: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(text)
}
