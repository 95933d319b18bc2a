// The CSRF token of a visitor without a session: a signed double submit. The
// visitor cookie holds a random value; the form carries an HMAC of it under
// the instances' shared key (form-secret.ts). A page on another site can
// neither read the cookie nor compute the HMAC, and nothing is stored, so a
// visitor who only reads costs the bus nothing.
import { createHmac } from 'node:crypto'
import { sameSecret } from '../http/same-secret'

export function formToken(secret: Buffer, visitorCookie: string): string {
  return createHmac('sha256', secret).update(`svc-form\n${visitorCookie}`).digest('base64url')
}

export function isFormToken(secret: Buffer, visitorCookie: string, submitted: string): boolean {
  return sameSecret(formToken(secret, visitorCookie), submitted)
}
