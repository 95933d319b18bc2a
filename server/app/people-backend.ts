// The people backend PEOPLE_BACKEND chose (SPEC 5 rule 5), over the people
// deps as they are now: the memberships the service keeps, or the identity
// provider's SCIM API (the development provider's own in development).
import { peopleBackendOf, scimUrlOf } from '../config/settings-together'
import { useConfig } from '../config/use-config'
import { memoUntilRejected } from '../memo-until-rejected'
import { createIdpBackend, type IdpBackendParts } from '../people/idp/idp-backend'
import { createPlacements, PLACEMENTS_KV } from '../people/idp/placements'
import { createScimAdmin } from '../people/idp/scim-admin'
import { createMembershipsBackend } from '../people/memberships-backend'
import type { PeopleBackend } from '../people/people-backend'
import { useSignIn } from '../sign-in/use-sign-in'
import { useBus } from './bus'
import { usePeople, usePeopleDirectory } from './people'

const idpParts = memoUntilRejected(async (): Promise<IdpBackendParts> => {
  const config = useConfig()
  const signIn = await useSignIn()
  const embedded = signIn.on ? signIn.scim : undefined
  // A SCIM address set outright wins; the embedded development provider brings its own.
  const baseUrl = scimUrlOf(config) ?? embedded?.url
  const token = config.IDP_API_TOKEN ?? embedded?.token
  if (baseUrl === undefined || token === undefined)
    throw new Error('[svc] [people] PEOPLE_BACKEND is idp, but no SCIM address or token is known')
  const [bus, directory] = await Promise.all([useBus(), usePeopleDirectory()])
  return {
    admin: createScimAdmin({ baseUrl, token, groupPrefix: config.IDP_GROUP_PREFIX }),
    placements: createPlacements(await bus.kv(PLACEMENTS_KV)),
    addressOf: (subject) => directory.addressOf(subject),
  }
})

export async function usePeopleBackend(): Promise<PeopleBackend> {
  const deps = await usePeople()
  if (peopleBackendOf(useConfig()) === 'memberships') {
    const directory = await usePeopleDirectory()
    return createMembershipsBackend(deps, (subject) => directory.personOf(subject))
  }
  return createIdpBackend(deps, await idpParts())
}
