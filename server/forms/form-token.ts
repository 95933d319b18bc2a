// The CSRF token of a visitor without a session: a signed double submit. The
// visitor cookie holds a random value; the form carries an HMAC of it under
// the instances' shared key (form-secret.ts). A page on another site can
// neither read the cookie nor compute the HMAC, and nothing is stored, so a
// visitor who only reads costs the bus nothing.
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto'
import { createBoundedMemo, type BoundedMemo } from '../bounded-memo'
import { sameToken } from '../http/same-secret'

// A visitor asks for their token on every page view and post; an HMAC costs
// more than the rest of a cached page view, so recent ones are remembered,
// per key (one per process, but tests sign with several). The key is made a
// KeyObject once: given the raw Buffer, Node prepares a key on every
// createHmac, which cost a first visit (whose token is never remembered yet)
// five times the HMAC itself (docs/performance.md).
const REMEMBERED = 10_000
const remembered = new WeakMap<Buffer, { key: KeyObject; tokens: BoundedMemo<string> }>()

function signerOf(secret: Buffer): { key: KeyObject; tokens: BoundedMemo<string> } {
  let signer = remembered.get(secret)
  if (signer === undefined) {
    signer = { key: createSecretKey(secret), tokens: createBoundedMemo<string>(REMEMBERED) }
    remembered.set(secret, signer)
  }
  return signer
}

const sign = (key: KeyObject, visitorCookie: string): string =>
  createHmac('sha256', key).update(`svc-form\n${visitorCookie}`).digest('base64url')

export function formToken(secret: Buffer, visitorCookie: string): string {
  const { key, tokens } = signerOf(secret)
  return tokens.get(visitorCookie, () => sign(key, visitorCookie))
}

/**
 * The token of a visitor cookie made just now: not remembered, as most first
 * visits never come back, and each would push a returning visitor's token out.
 */
export function newVisitorFormToken(secret: Buffer, visitorCookie: string): string {
  return sign(signerOf(secret).key, visitorCookie)
}

export function isFormToken(secret: Buffer, visitorCookie: string, submitted: string): boolean {
  return sameToken(formToken(secret, visitorCookie), submitted)
}
