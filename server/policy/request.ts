// What a permission check asks and what it answers, in the service's terms
// rather than Cedar's.
import type { ActionName } from './schema'

export type { ActionName }

/**
 * The person asking; null is an anonymous visitor. `groups` are the `groups`
 * claim plus active memberships; `phone` is E.164, as sign-in normalises it.
 */
export type Principal = {
  readonly subject?: string
  readonly email?: string
  readonly phone?: string
  /** An anonymous visitor's session digest; such a principal is not signed in. */
  readonly session?: string
  readonly groups: readonly string[]
} | null

export type ResourceRef =
  | { readonly type: 'Bucket'; readonly id: string }
  | {
      readonly type: 'Record'
      readonly id: string
      readonly bucket: string
      readonly state: string
      readonly storyline: string
      /** The subject of the person who filed it while signed in; never a session. */
      readonly submitter?: string
      /** The session digest an anonymous filing came from. */
      readonly session?: string
    }
  | { readonly type: 'Page'; readonly id: string }
  | { readonly type: 'Desk'; readonly id: string }
  | { readonly type: 'Group'; readonly id: string }

export interface AuthorizationRequest {
  readonly principal: Principal
  readonly action: ActionName
  readonly resource: ResourceRef
  /** `move` and `self` need `edge`, the move's name; `self` gets `from` from the record. */
  readonly context?: Readonly<Record<string, string>>
}

export interface Decision {
  readonly allowed: boolean
  /** Ids of the policies that decided: the permits that allowed, or the forbids that denied. */
  readonly policies: string[]
  /** Why Cedar could not decide cleanly; any error denies. */
  readonly errors: string[]
}
