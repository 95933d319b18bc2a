// PEOPLE_BACKEND=memberships: the service keeps groups itself, in
// svc_memberships, and the groups claim is joined by the active ones.
import { invitePerson } from './invite-person'
import type { PeopleBackend } from './people-backend'
import type { PeopleDeps } from './people-deps'
import { listPeople, type SeenBy } from './people-rows'
import { removeMember } from './remove-member'
import { joinResponsibleMembership, leaveResponsibleMemberships } from './responsible-memberships'

export function createMembershipsBackend(deps: PeopleDeps, seenBy?: SeenBy): PeopleBackend {
  const { memberships } = deps
  return {
    kind: 'memberships',
    invite: (request) => invitePerson(deps, request),
    async grant(group, person, since) {
      await memberships.grant(group, person, since)
    },
    list: (groups, query) => listPeople(deps, groups, query, seenBy),
    async member(key, groups) {
      const found = (await memberships.view()).inGroups(groups).find((m) => m.key === key)
      return found === undefined ? null : { name: found.entry.name ?? '', group: found.entry.group }
    },
    remove: (request) => removeMember(deps, request),
    // Any provider signs the person in; the mail's sign-in link is all they need.
    ensureAccount: async () => undefined,
    joinResponsible: (person, group, now) => joinResponsibleMembership(memberships, person, group, now),
    leaveResponsible: (named, group, now) => leaveResponsibleMemberships(memberships, named, group, now),
  }
}
