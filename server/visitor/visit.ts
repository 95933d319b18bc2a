// One request's visitor, worked out once from the request (utils/visit.ts):
// one content snapshot, its policy, the storyline, session, principal and records.
import type { Session } from '../sessions'
import type { Records } from '../records/records'
import type { PageContext } from './context'

export interface Visit {
  readonly ctx: PageContext
  readonly session: Session | null
  readonly records: Records
  readonly signInOn: boolean
}

/** Sign in and come back to `path`; undefined when sign-in is off. */
export function signInHref(visit: Visit, path: string): string | undefined {
  return visit.signInOn ? `/auth/sign-in?return=${encodeURIComponent(path)}` : undefined
}
