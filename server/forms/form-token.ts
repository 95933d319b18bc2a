// The CSRF token of a visitor without a session: a signed double submit. The
// visitor cookie holds a random value; the form carries an HMAC of it under
// the instances' shared key (form-secret.ts). A page on another site can
// neither read the cookie nor compute the HMAC, and nothing is stored, so a
// visitor who only reads costs the bus nothing.
import { createHmac } from 'node:crypto'
import { sameSecret } from '../http/same-secret'

// A visitor asks for their token on every page view and post; an HMAC costs
// more than the rest of a cached page view, so recent ones are remembered.
const REMEMBERED = 10_000
const remembered = new Map<string, string>()
let rememberedFor: Buffer | null = null

export function formToken(secret: Buffer, visitorCookie: string): string {
  if (rememberedFor !== secret) {
    remembered.clear()
    rememberedFor = secret
  }
  const known = remembered.get(visitorCookie)
  if (known !== undefined) return known
  const token = createHmac('sha256', secret).update(`svc-form\n${visitorCookie}`).digest('base64url')
  // Forgotten all at once when full: dropping the oldest one at a time walks
  // past every deleted slot at the front of the Map on each insert.
  if (remembered.size >= REMEMBERED) remembered.clear()
  remembered.set(visitorCookie, token)
  return token
}

export function isFormToken(secret: Buffer, visitorCookie: string, submitted: string): boolean {
  return sameSecret(formToken(secret, visitorCookie), submitted)
}
