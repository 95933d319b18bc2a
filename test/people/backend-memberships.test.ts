// The people backend contract on PEOPLE_BACKEND=memberships, on both buses.
import { describe } from 'vitest'
import { activateAtSignIn } from '../../server/people/activate-at-sign-in'
import { createMembershipsBackend } from '../../server/people/memberships-backend'
import type { PeopleDeps } from '../../server/people/people-deps'
import { loadDemo } from '../support/demo-site'
import { runPeopleBackendContract } from './backend-contract'
import { BUS_KINDS, later, peopleDeps, signedIn, useBus } from './bus-people'

const site = await loadDemo()

describe.each(BUS_KINDS)('on the $name', (kind) => {
  const bus = useBus(kind)
  let deps: PeopleDeps | undefined
  const shared = () => (deps ??= peopleDeps(bus(), site))
  runPeopleBackendContract(
    'memberships',
    () => site,
    () => ({
      backend: () => createMembershipsBackend(shared()),
      async groupsAfterSignIn(email) {
        const user = signedIn(`sub-${email}`, { email })
        await activateAtSignIn(shared(), user, later(0.5))
        return shared().memberships.groupsOf(user)
      },
    }),
  )
})
