// The automation read endpoint's credential: `Authorization: Bearer <token>`
// against AUTOMATION_READ_TOKEN. Without the variable the endpoint is off.
import { sameSecret } from '../http/same-secret'

export type AutomationAccess = 'off' | 'denied' | 'allowed'

export function automationAccess(token: string | undefined, authorization: string | undefined): AutomationAccess {
  const expected = token?.trim()
  if (!expected) return 'off'
  const presented = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1]
  if (presented === undefined) return 'denied'
  return sameSecret(expected, presented) ? 'allowed' : 'denied'
}
