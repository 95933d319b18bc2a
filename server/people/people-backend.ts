// Who keeps groups (SPEC 5 rule 5): the service in svc_memberships
// (memberships-backend.ts) or the identity provider over its admin API
// (idp/idp-backend.ts). Desks, the seed, `grants:` and the responsible pass
// all go through this one interface; a contract suite runs against both.
import type { InviteOutcome, InviteRequest } from './invite-person'
import type { PersonKeys } from './membership-record'
import type { PeopleQuery } from './people-query'
import type { PeopleSection } from './people-rows'
import type { RemoveOutcome } from './remove-member'
import type { ResponsiblePerson } from './responsible-people'
import type { Actor } from '../records/types'

export type PeopleBackendKind = 'memberships' | 'idp'

export interface RemoveRequest {
  /** The row's key on the People view. */
  readonly key: string
  readonly actor: Actor
  readonly now: Date
  /** The most privileged group, whose last member stays. */
  readonly protectedGroup: string | null
}

export interface PeopleBackend {
  readonly kind: PeopleBackendKind
  invite(request: InviteRequest): Promise<InviteOutcome>
  /** A state's `grants:`: the person joins the group unless they are there, or a desk removed them. */
  grant(group: string, person: PersonKeys, since: string): Promise<void>
  /** The People view's sections for these groups. */
  list(groups: readonly string[], query: PeopleQuery): Promise<PeopleSection[]>
  /** The row a People view form names, if it is in one of these groups. */
  member(key: string, groups: readonly string[]): Promise<{ readonly name: string; readonly group: string } | null>
  remove(request: RemoveRequest): Promise<RemoveOutcome>
  /** SPEC 1 rule 1: an account for a responsible person who has none (the service's own invite on memberships). */
  ensureAccount(person: ResponsiblePerson, now: Date): Promise<void>
  /** SPEC 1 rule 2: into RESPONSIBLE_GROUP; true when the service put them there now. */
  joinResponsible(person: ResponsiblePerson, group: string, now: Date): Promise<boolean>
  /** Out of the group for whoever the service put there as responsible and `named` no longer covers; how many left. */
  leaveResponsible(named: readonly ResponsiblePerson[], group: string, now: Date): Promise<number>
}
