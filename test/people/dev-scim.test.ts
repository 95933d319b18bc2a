// The development provider's SCIM side (PEOPLE_BACKEND=idp in `npm start`)
// keeps the same contract as a real SCIM server, and an account made over it
// signs in at the development provider with the groups added over it.
import { afterAll, beforeAll } from 'vitest'
import { createScimAdmin } from '../../server/people/idp/scim-admin'
import { startDevIdp } from '../../server/sign-in/dev-idp/start'
import type { Provider } from '../../server/sign-in/sign-in-settings'
import { runIdpAdminContract } from './idp-admin-contract'

let provider: Provider & { stop(): Promise<void> }
beforeAll(async () => {
  provider = await startDevIdp({ port: 0, redirectUris: ['http://127.0.0.1:9/auth/callback'], groupPrefix: 'dev_' })
})
afterAll(async () => {
  await provider?.stop()
})

runIdpAdminContract('the development provider', (options = {}) =>
  createScimAdmin({
    baseUrl: provider.scim?.url ?? '',
    token: options.token ?? provider.scim?.token ?? '',
    groupPrefix: 'dev_',
    timeoutMs: 2000,
  }),
)
