// What the people functions (invites, removals, sign-in, the seed) work with.
import type { Bus } from '../bus/types'
import type { SiteModel } from '../content/model'
import type { Invites } from './invites'
import type { Memberships } from './memberships'

export interface PeopleDeps {
  readonly bus: Bus
  readonly memberships: Memberships
  readonly invites: Invites
  readonly site: SiteModel
  /** PUBLIC_URL, for the links in invite mail. */
  readonly publicUrl: string
  /** INVITE_TTL_HOURS */
  readonly ttlHours: number
}
