// The people backend contract on PEOPLE_BACKEND=idp, against a real SCIM
// server (SCIMMY): groups are kept there, and a person's next sign-in
// carries what the server holds. Then what only the provider can do: an
// account made for a responsible person, found again and never made twice,
// and a first sign-in link whose end the provider hands over in seconds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJson } from '../../server/bus/payload'
import { MAIL_STREAM } from '../../server/mail/mail-stream'
import { createIdpBackend, type IdpBackendParts } from '../../server/people/idp/idp-backend'
import { createPlacements, PLACEMENTS_KV } from '../../server/people/idp/placements'
import { createScimAdmin } from '../../server/people/idp/scim-admin'
import { readLinkEnd } from '../../server/people/link-end'
import { loadDemo } from '../support/demo-site'
import { startScimServer, type TestScim } from '../support/scim-server'
import { runPeopleBackendContract } from './backend-contract'
import { BUS_KINDS, freshEmail, freshGroup, KARI, peopleDeps, T0, useBus } from './bus-people'

const PREFIX = 'northvale_'
const site = await loadDemo()
const bus = useBus(BUS_KINDS[1] ?? BUS_KINDS[0]!)
let scim: TestScim
let parts: IdpBackendParts
beforeAll(async () => {
  scim = await startScimServer()
  parts = {
    admin: createScimAdmin({ baseUrl: scim.url, token: scim.token, groupPrefix: PREFIX, timeoutMs: 2000 }),
    placements: createPlacements(await bus().kv(PLACEMENTS_KV)),
    addressOf: async () => null,
  }
})
afterAll(async () => {
  await scim?.stop()
})

/** The groups the provider holds for the account with this address, as the claim maps them back. */
function groupsAtProvider(email: string): string[] {
  const user = [...scim.users.values()].find((u) => u.emails?.some((e) => e.value === email))
  if (user === undefined) return []
  return [...scim.groups.values()]
    .filter((group) => group.members.some((member) => member.value === user.id))
    .map((group) => group.displayName.slice(PREFIX.length))
}

runPeopleBackendContract(
  'idp over SCIM',
  () => site,
  () => ({
    backend: (content) => createIdpBackend(peopleDeps(bus(), content), parts),
    groupsAfterSignIn: async (email) => groupsAtProvider(email),
  }),
)

describe('PEOPLE_BACKEND=idp beyond the contract', () => {
  const backend = () => createIdpBackend(peopleDeps(bus(), site), parts)
  const accountsFor = (email: string) =>
    [...scim.users.values()].filter((u) => u.emails?.some((e) => e.value === email)).length

  it('Accounts the content mandates 1: a responsible person gets an account at the provider if they have none, once', async () => {
    const email = freshEmail('resp')
    const person = { name: 'Rita Responsible', email, pages: ['/potholes'] }
    await backend().ensureAccount(person, T0)
    await backend().ensureAccount(person, T0)
    expect(accountsFor(email)).toBe(1)
    expect([...scim.users.values()].find((u) => u.userName === email)?.displayName).toBe('Rita Responsible')
  })

  it('Errors 5: with the provider answering 503 nothing is made, and the retry makes the account once', async () => {
    const email = freshEmail('later')
    const person = { name: 'Lars Later', email, pages: ['/potholes'] }
    scim.fault('unavailable', 1)
    await expect(backend().ensureAccount(person, T0)).rejects.toThrow(/unavailable/)
    expect(accountsFor(email)).toBe(0)
    await backend().ensureAccount(person, T0)
    expect(accountsFor(email)).toBe(1)
  })

  it('someone put in the group at the provider by hand stays when the content stops naming them', async () => {
    const [group, email] = [freshGroup(), freshEmail('byhand')]
    const made = await parts.admin.create({ name: 'By Hand', email })
    await parts.admin.addToGroup(made.id, group)
    const person = { name: 'By Hand', email, pages: ['/'] }
    expect(await backend().joinResponsible(person, group, T0)).toBe(false)
    expect(await backend().leaveResponsible([], group, T0)).toBe(0)
    expect(groupsAtProvider(email)).toContain(group)
  })

  it('Invite rule 2: a link end the provider hands over as seconds since the epoch is read as such', () => {
    expect(readLinkEnd(1_790_000_000)).toBe(1_790_000_000)
    expect(readLinkEnd('1790000000')).toBe(1_790_000_000)
    expect(new Date((readLinkEnd(1_790_000_000) ?? 0) * 1000).toISOString()).toBe('2026-09-21T14:13:20.000Z')
    expect(readLinkEnd('2026-09-21T14:13:20Z')).toBe(1_790_000_000)
    expect(readLinkEnd('soon')).toBeNull()
    expect(readLinkEnd(-5)).toBeNull()
  })

  it('an invite by phone alone is not mailed: the desk gets the sign-in link to pass on', async () => {
    const group = freshGroup()
    const outcome = await backend().invite({
      group,
      desk: 'caseworkers',
      name: 'Pia Phone',
      contact: { phone: '+4791230000' },
      actor: KARI,
      source: 'invite',
      now: T0,
    })
    expect(outcome).toMatchObject({
      kind: 'added',
      mailed: false,
      link: 'http://127.0.0.1:1/auth/sign-in?return=%2Fdesk%2Fcaseworkers',
    })
  })

  it('the invite mail names the group and the desk, and its link signs in', async () => {
    const [group, email] = [freshGroup(), freshEmail('mailed')]
    await backend().invite({
      group,
      desk: 'caseworkers',
      name: 'Mo Mail',
      contact: { email },
      actor: KARI,
      source: 'invite',
      now: T0,
    })
    const mails: { subject: string; body: string; link: string }[] = []
    const stop = await bus().follow(MAIL_STREAM, 'svc.mail.svc_invites.>', {}, ({ data }) => {
      const intent = decodeJson<{ to: { email?: string }; subject: string; body: string; link: string }>(data)
      if (intent.to.email === email) mails.push(intent)
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    stop()
    expect(mails).toHaveLength(1)
    expect(mails[0]?.body).toContain(`**${group}**`)
    expect(mails[0]?.body).toContain('sign in with this address')
    expect(mails[0]?.link).toBe('http://127.0.0.1:1/auth/sign-in?return=%2Fdesk%2Fcaseworkers')
  })
})
