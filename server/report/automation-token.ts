// The automation read endpoint's credential: `Authorization: Bearer <token>`
// against AUTOMATION_READ_TOKEN. Without the variable the endpoint is off.
import { createHash, timingSafeEqual } from 'node:crypto'

export type AutomationAccess = 'off' | 'denied' | 'allowed'

export function automationAccess(token: string | undefined, authorization: string | undefined): AutomationAccess {
  const expected = token?.trim()
  if (!expected) return 'off'
  const presented = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1]
  if (presented === undefined) return 'denied'
  return sameSecret(expected, presented) ? 'allowed' : 'denied'
}

// Digests have one length whatever was sent, so timingSafeEqual never throws
// and the time taken tells neither the token nor its length.
function sameSecret(expected: string, presented: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(expected), digest(presented))
}
