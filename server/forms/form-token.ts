// The CSRF token of a visitor without a session: a signed double submit. The
// visitor cookie holds a random value; the form carries an HMAC of it under
// the instances' shared key (form-secret.ts). A page on another site can
// neither read the cookie nor compute the HMAC, and nothing is stored, so a
// visitor who only reads costs the bus nothing.
import { createHmac } from 'node:crypto'
import { createBoundedMemo, type BoundedMemo } from '../bounded-memo'
import { sameSecret } from '../http/same-secret'

// A visitor asks for their token on every page view and post; an HMAC costs
// more than the rest of a cached page view, so recent ones are remembered,
// per key (one per process, but tests sign with several).
const REMEMBERED = 10_000
const remembered = new WeakMap<Buffer, BoundedMemo<string>>()

export function formToken(secret: Buffer, visitorCookie: string): string {
  let tokens = remembered.get(secret)
  if (tokens === undefined) {
    tokens = createBoundedMemo<string>(REMEMBERED)
    remembered.set(secret, tokens)
  }
  return tokens.get(visitorCookie, () =>
    createHmac('sha256', secret).update(`svc-form\n${visitorCookie}`).digest('base64url'),
  )
}

export function isFormToken(secret: Buffer, visitorCookie: string, submitted: string): boolean {
  return sameSecret(formToken(secret, visitorCookie), submitted)
}
