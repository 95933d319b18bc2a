// The identity provider's admin side over SCIM 2.0, against a real SCIM
// server (SCIMMY and its express routers) whose users also sign in at a real
// OpenID provider (oidc-provider) in front of the built service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IdpRefusedError, IdpUnavailableError } from '../../server/people/idp/idp-admin'
import { createScimAdmin } from '../../server/people/idp/scim-admin'
import { createCookieFetch } from '../auth/cookie-fetch'
import { startServiceWithIdp, type ServiceWithIdp } from '../auth/service-with-idp'
import { signIn } from '../auth/sign-in-flow'
import { startScimServer, type TestScim } from '../support/scim-server'
import { runIdpAdminContract } from './idp-admin-contract'

let scim: TestScim
beforeAll(async () => {
  scim = await startScimServer()
})
afterAll(async () => {
  await scim?.stop()
})

const admin = (options: { prefix?: string; token?: string; timeoutMs?: number } = {}) =>
  createScimAdmin({
    baseUrl: scim.url,
    token: options.token ?? scim.token,
    groupPrefix: options.prefix ?? 'northvale_',
    timeoutMs: options.timeoutMs ?? 2000,
  })

runIdpAdminContract('SCIMMY', (options) => admin(options))

describe('the identity provider over SCIM 2.0', () => {
  it('a quote in an address is escaped, so it cannot widen the filter: this server refuses the escape outright', async () => {
    await expect(admin().find({ email: 'x" or userName pr or "' })).rejects.toBeInstanceOf(IdpRefusedError)
  })

  it('IDP_GROUP_PREFIX: the group is made at the provider under <prefix><group>', async () => {
    const idp = admin()
    const made = await idp.create({ name: 'Pre Fixed', email: 'pre.fixed@example.org' })
    await idp.addToGroup(made.id, 'wardens')
    expect([...scim.groups.values()].map((g) => g.displayName)).toContain('northvale_wardens')
  })

  it('Errors 5: a find answered 503, a time-out or an unreadable body is not "no such person": it throws, and nothing is made', async () => {
    const idp = admin({ timeoutMs: 300 })
    const before = scim.users.size
    for (const kind of ['unavailable', 'stall', 'garbled'] as const) {
      scim.fault(kind, 1)
      await expect(idp.find({ email: 'new.person@example.org' })).rejects.toBeInstanceOf(IdpUnavailableError)
    }
    scim.fault(null)
    expect(scim.users.size).toBe(before)
    // Back up: the same question has its answer.
    expect(await idp.find({ email: 'new.person@example.org' })).toBeNull()
  })

  it('Errors 5: a 200 that is not a list is not "nobody"; a server that ignores the filter hands over nobody else', async () => {
    const idp = admin()
    await idp.create({ name: 'Yva', email: 'yva@example.org' })
    scim.fault('not-a-list', 1)
    await expect(idp.find({ email: 'zed@example.org' })).rejects.toBeInstanceOf(IdpUnavailableError)
    scim.fault('unfiltered', 2)
    expect(await idp.find({ email: 'zed@example.org' })).toBeNull()
    scim.fault('unfiltered', 1)
    expect((await idp.find({ email: 'yva@example.org' }))?.name).toBe('Yva')
    scim.fault(null)
  })
})

describe('an account made over SCIM signs in', () => {
  let run: ServiceWithIdp
  beforeAll(async () => {
    run = await startServiceWithIdp({ accounts: () => scim.accounts(), env: { IDP_GROUP_PREFIX: 'northvale_' } })
  })
  afterAll(async () => {
    await run?.stop()
  })

  it('Authentication 4 and Runtime configuration IDP_GROUP_PREFIX: the group added over SCIM comes back in the claim, without the prefix', async () => {
    const idp = admin()
    const xan = await idp.create({ name: 'Xan Newly', email: 'xan@example.org' })
    await idp.addToGroup(xan.id, 'caseworkers')
    const browser = createCookieFetch()
    await signIn(browser, run.service, xan.id)
    const me = (await (await browser(`${run.service}/auth/me`)).json()) as Record<string, unknown>
    expect(me).toMatchObject({ name: 'Xan Newly', email: 'xan@example.org', groups: ['caseworkers'] })
    expect((await browser(`${run.service}/desk/caseworkers`)).status).toBe(200)
  })
})
