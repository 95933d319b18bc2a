// Attacks PEOPLE_BACKEND=idp invites: a People view form naming a member of
// a group the desk does not hold (or no group at all), an address crafted to
// widen a SCIM filter, and the development provider's SCIM side asked
// without its token or with a body too large to read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdpBackend, type IdpBackendParts } from '../../server/people/idp/idp-backend'
import { createPlacements, PLACEMENTS_KV } from '../../server/people/idp/placements'
import { createScimAdmin } from '../../server/people/idp/scim-admin'
import { startDevIdp } from '../../server/sign-in/dev-idp/start'
import type { Provider } from '../../server/sign-in/sign-in-settings'
import { BUS_KINDS, KARI, peopleDeps, T0, useBus } from '../people/bus-people'
import { loadDemo } from '../support/demo-site'
import { startScimServer, type TestScim } from '../support/scim-server'

const site = await loadDemo()
const bus = useBus(BUS_KINDS[0]!)
let scim: TestScim
let parts: IdpBackendParts
let dev: Provider & { stop(): Promise<void> }
beforeAll(async () => {
  ;[scim, dev] = await Promise.all([
    startScimServer(),
    startDevIdp({ port: 0, redirectUris: ['http://127.0.0.1:9/auth/callback'], groupPrefix: '' }),
  ])
  parts = {
    admin: createScimAdmin({ baseUrl: scim.url, token: scim.token, groupPrefix: '', timeoutMs: 2000 }),
    placements: createPlacements(await bus().kv(PLACEMENTS_KV)),
    addressOf: async () => null,
  }
})
afterAll(async () => {
  await Promise.all([scim?.stop(), dev?.stop()])
})

describe('forged People view keys on PEOPLE_BACKEND=idp', () => {
  it('a key naming a member of a group the desk does not hold, or a malformed one, finds nobody and removes nothing', async () => {
    const backend = createIdpBackend(peopleDeps(bus(), site), parts)
    const boss = await parts.admin.create({ name: 'Boss', email: 'boss.forged@example.org' })
    await parts.admin.addToGroup(boss.id, 'caseworkers')
    await parts.admin.addToGroup(boss.id, 'volunteers')
    // The desk holds volunteers only.
    expect(await backend.member(`caseworkers:${boss.id}`, ['volunteers'])).toBeNull()
    for (const forged of ['', ':', 'volunteers:', `:${boss.id}`, `volunteers:${boss.id}x`])
      expect(await backend.member(forged, ['volunteers'])).toBeNull()
    const request = { actor: KARI, now: T0, protectedGroup: null }
    expect(await backend.remove({ ...request, key: `volunteers:${boss.id}x` })).toBe('gone')
    expect(await parts.admin.hasMember(boss.id, 'caseworkers')).toBe(true)
    expect(await parts.admin.hasMember(boss.id, 'volunteers')).toBe(true)
  })

  it('an address crafted to widen the filter finds nobody else and makes no account for anyone else', async () => {
    await parts.admin.create({ name: 'Victim', email: 'victim@example.org' })
    const admin = parts.admin
    await expect(admin.find({ email: 'x" or emails.value pr or "' })).rejects.toThrow()
    scim.fault('unfiltered', 1)
    expect(await admin.find({ email: 'attacker@example.org' })).toBeNull()
    scim.fault(null)
  })
})

describe("the development provider's SCIM side", () => {
  const url = () => `${dev.scim?.url ?? ''}/Users`
  it('answers nothing without its token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${dev.scim?.token ?? ''}`]) {
      const response = await fetch(url(), authorization === undefined ? {} : { headers: { authorization } })
      expect(response.status).toBe(401)
      expect(await response.text()).not.toContain('kari@example.org')
    }
  })

  it('refuses a body too large to read, and one that is not JSON, making nobody', async () => {
    const headers = { authorization: `Bearer ${dev.scim?.token ?? ''}`, 'content-type': 'application/scim+json' }
    const huge = JSON.stringify({ emails: [{ value: 'huge@example.org' }], displayName: 'x'.repeat(200_000) })
    expect((await fetch(url(), { method: 'POST', headers, body: huge })).status).toBe(413)
    expect((await fetch(url(), { method: 'POST', headers, body: '{"emails": [' })).status).toBe(400)
    const found = await fetch(`${url()}?filter=${encodeURIComponent('emails.value eq "huge@example.org"')}`, {
      headers,
    })
    expect(((await found.json()) as { totalResults: number }).totalResults).toBe(0)
  })
})
