// SPEC 2, Membership rules, and section 3's membership rows: memberships kept
// by the service in svc_memberships, made by invites, grants and the seed,
// activated and merged at sign-in, removed by a desk. Run on both buses.
import { beforeAll, describe, expect, it } from 'vitest'
import type { SiteModel } from '../../server/content/model'
import { activateAtSignIn } from '../../server/people/activate-at-sign-in'
import { readContact } from '../../server/people/invite-form'
import { createMemberships, MEMBERSHIPS_KV } from '../../server/people/memberships'
import { encodeKvKey } from '../../server/bus/kv-driver'
import { readInviteLink } from '../../server/people/read-invite-link'
import { removeMember } from '../../server/people/remove-member'
import { loadDemo } from '../support/demo-site'
import {
  BUS_KINDS,
  freshEmail,
  freshGroup,
  freshPhone,
  invited,
  KARI,
  keptInvites,
  keptMemberships,
  later,
  peopleDeps,
  signedIn,
  T0,
  useBus,
} from './bus-people'

let site: SiteModel
beforeAll(async () => {
  site = await loadDemo()
})

describe.each(BUS_KINDS)('memberships on the $name', (kind) => {
  const bus = useBus(kind)
  const deps = () => peopleDeps(bus(), site)

  it('Membership rules 2 and 3: an invite by address becomes active at a sign-in with that verified address, learns subject and phone, and is kept under the subject; its invite closes', async () => {
    const group = freshGroup()
    const email = freshEmail()
    const phone = freshPhone()
    const one = deps()
    const { invite, token } = await invited(one, group, { email })
    expect(await one.memberships.groupsOf({ email })).toEqual([])

    // She signs in on another instance, with the address typed differently.
    const other = deps()
    await activateAtSignIn(other, signedIn('sub-nora', { email: email.toUpperCase(), phone }), later(1))

    const kept = await keptMemberships(bus(), group)
    expect([...kept.keys()]).toEqual([`sub:sub-nora:${group}`])
    expect(kept.get(`sub:sub-nora:${group}`)).toMatchObject({
      subject: 'sub-nora',
      phone,
      state: 'active',
      source: 'invite',
      invite: invite.id,
      since: later(1).toISOString(),
    })
    for (const person of [{ subject: 'sub-nora' }, { email }, { phone }])
      expect(await other.memberships.groupsOf(person), JSON.stringify(person)).toEqual([group])
    expect(await other.invites.get(invite.id)).toMatchObject({ state: 'closed', closedBy: 'sub-nora' })
    expect((await readInviteLink(other.invites, token, later(2))).kind).toBe('used')
  })

  it('Membership rule 2: an invite by phone (912 34 567 typed on a +47 site) becomes active at a sign-in with that phone', async () => {
    const group = freshGroup()
    const contact = readContact('912 34 567', '+47')
    expect(contact).toEqual({ phone: '+4791234567' })
    if ('id' in contact) throw new Error(contact.id)
    const one = deps()
    const { invite, mailed } = await invited(one, group, contact)
    expect(mailed).toBe(false)
    // Someone else signing in with another number is not her.
    await activateAtSignIn(one, signedIn('sub-other', { phone: '+4791234568' }), later(1))
    expect(await one.memberships.groupsOf({ subject: 'sub-other' })).toEqual([])

    await activateAtSignIn(one, signedIn('sub-phone', { phone: '+4791234567' }), later(1))
    expect(await one.memberships.groupsOf({ subject: 'sub-phone' })).toEqual([group])
    expect([...(await keptMemberships(bus(), group)).keys()]).toEqual([`sub:sub-phone:${group}`])
    expect((await one.invites.get(invite.id))?.state).toBe('closed')
  })

  it('Membership rule 5: one record per group and person however keyed: memberships by address and by phone merge into one at sign-in', async () => {
    const group = freshGroup()
    const email = freshEmail()
    const phone = freshPhone()
    const one = deps()
    const byEmail = await invited(one, group, { email })
    const byPhone = await invited(one, group, { phone })
    expect(byEmail.invite.id).not.toBe(byPhone.invite.id)
    expect((await keptMemberships(bus(), group)).size).toBe(2)

    await activateAtSignIn(one, signedIn('sub-both', { email, phone }), later(1))
    const kept = await keptMemberships(bus(), group)
    expect([...kept.keys()]).toEqual([`sub:sub-both:${group}`])
    expect(kept.get(`sub:sub-both:${group}`)).toMatchObject({ email, phone, subject: 'sub-both', state: 'active' })
    // The instance that merged knows one record; so does one that loads afresh.
    expect((await one.memberships.view()).matching({ email, phone })).toHaveLength(1)
    expect((await createMemberships(bus()).view()).matching({ email, phone })).toHaveLength(1)
    for (const id of [byEmail.invite.id, byPhone.invite.id])
      expect(await one.invites.get(id)).toMatchObject({ state: 'closed', closedBy: 'sub-both' })
  })

  it('Membership rules 3 and 4: a removed membership stays removed at sign-in, and learns what the provider verified', async () => {
    const group = freshGroup()
    const email = freshEmail()
    const phone = freshPhone()
    const one = deps()
    const { invite } = await invited(one, group, { email })
    const key = [...(await one.memberships.view()).matching({ email })][0]?.key ?? ''
    expect(await removeMember(one, { key, actor: KARI, now: later(1), protectedGroup: null })).toBe('removed')

    await activateAtSignIn(one, signedIn('sub-gone', { email, phone }), later(2))
    const kept = await keptMemberships(bus(), group)
    expect([...kept.keys()]).toEqual([`sub:sub-gone:${group}`])
    expect(kept.get(`sub:sub-gone:${group}`)).toMatchObject({ state: 'removed', subject: 'sub-gone', phone })
    expect(await one.memberships.groupsOf({ subject: 'sub-gone' })).toEqual([])
    // Removal closed the invite; the sign-in did not claim it.
    expect((await one.invites.get(invite.id))?.closedBy).toBeUndefined()
  })

  it('Section 3, membership (invited) row: a desk invite whose link ran out brings nobody in at sign-in; the seed invite does', async () => {
    const deskGroup = freshGroup()
    const seedGroup = freshGroup()
    const email = freshEmail()
    const one = deps()
    const desk = await invited(one, deskGroup, { email })
    await invited(one, seedGroup, { email }, { source: 'seed', actor: { kind: 'service' } })
    const after = new Date(desk.invite.expiresAt * 1000 + 1000)

    await activateAtSignIn(one, signedIn('sub-late', { email }), after)
    expect(await one.memberships.groupsOf({ subject: 'sub-late' })).toEqual([seedGroup])
    expect([...(await keptMemberships(bus(), deskGroup)).values()].map((m) => m.state)).toEqual(['invited'])
    expect((await one.invites.get(desk.invite.id))?.state).toBe('open')
    // Just before its end, the same desk invite would have let her in.
    const inTime = deps()
    const fresh = await invited(inTime, freshGroup(), { email: freshEmail() })
    const name = fresh.invite.email ?? ''
    await activateAtSignIn(
      inTime,
      signedIn('sub-early', { email: name }),
      new Date(fresh.invite.expiresAt * 1000 - 1000),
    )
    expect(await inTime.memberships.groupsOf({ subject: 'sub-early' })).toEqual([fresh.invite.group])
  })

  it('Membership rule 4 and section 3: a desk may remove a membership, its open invite closes, and the person may be invited again', async () => {
    const group = freshGroup()
    const email = freshEmail()
    const one = deps()
    const first = await invited(one, group, { email })
    const key = first.invite.membership
    expect(await removeMember(one, { key, actor: KARI, now: later(1), protectedGroup: null })).toBe('removed')
    expect(await one.invites.get(first.invite.id)).toMatchObject({ state: 'closed', since: later(1).toISOString() })
    expect(await removeMember(one, { key, actor: KARI, now: later(1), protectedGroup: null })).toBe('gone')

    const again = await invited(one, group, { email }, { now: later(2) })
    expect(again.invite.id).toBe(first.invite.id)
    expect([...(await keptMemberships(bus(), group)).values()].map((m) => m.state)).toEqual(['invited'])
  })

  it("Membership rule 1: a desk's invite after a removal is the desk's: once its link ran out it brings nobody in, even where the seed made the first membership", async () => {
    const group = freshGroup()
    const email = freshEmail()
    const one = deps()
    await invited(one, group, { email }, { source: 'seed', actor: { kind: 'service' } })
    await activateAtSignIn(one, signedIn('sub-seeded', { email }), later(1))
    const key = `sub:sub-seeded:${group}`
    const [kept] = (await one.memberships.view()).matching({ subject: 'sub-seeded' })
    expect(kept?.entry).toMatchObject({ state: 'active', source: 'seed' })
    expect(await removeMember(one, { key: kept?.key ?? '', actor: KARI, now: later(2), protectedGroup: null })).toBe(
      'removed',
    )

    const again = await invited(one, group, { email }, { now: later(3) })
    expect((await keptMemberships(bus(), group)).get(key)).toMatchObject({ state: 'invited', source: 'invite' })
    await activateAtSignIn(one, signedIn('sub-seeded', { email }), new Date(again.invite.expiresAt * 1000 + 1000))
    expect(await one.memberships.groupsOf({ subject: 'sub-seeded' })).toEqual([])
  })

  it('Membership rule 4: the last active member of the most privileged group cannot be removed', async () => {
    const group = freshGroup()
    const one = deps()
    await one.memberships.grant(group, { subject: 'sub-a' }, T0.toISOString())
    const keyOf = async (subject: string) =>
      (await one.memberships.view()).matching({ subject }).find((m) => m.entry.group === group)?.key ?? ''
    const a = await keyOf('sub-a')
    const request = { actor: KARI, now: later(1), protectedGroup: group }
    expect(await removeMember(one, { key: a, ...request })).toBe('last-of-most-privileged')
    // Still in.
    expect(await one.memberships.groupsOf({ subject: 'sub-a' })).toEqual([group])

    // With a second active member, the first may go, and then the second is the last.
    await one.memberships.grant(group, { subject: 'sub-b' }, T0.toISOString())
    const b = await keyOf('sub-b')
    expect(await removeMember(one, { key: a, ...request })).toBe('removed')
    expect(await removeMember(one, { key: b, ...request })).toBe('last-of-most-privileged')
    expect(await one.memberships.groupsOf({ subject: 'sub-b' })).toEqual([group])
    expect(await removeMember(one, { key: b, ...request, protectedGroup: freshGroup() })).toBe('removed')
  })

  it('Membership rule 4: an entry that does not read as a membership neither counts nor breaks the count', async () => {
    const group = freshGroup()
    const one = deps()
    await one.memberships.grant(group, { subject: 'sub-a' }, T0.toISOString())
    await one.memberships.grant(group, { subject: 'sub-b' }, T0.toISOString())
    // Not JSON, under a key shaped like a membership of the group (a value written by hand, or cut short).
    const kv = await bus().kv(MEMBERSHIPS_KV)
    const broken = encodeKvKey(`sub-broken:${group}`)
    await kv.put(broken, new TextEncoder().encode('{"gro'))
    try {
      expect(await one.memberships.activeCount(group)).toBe(2)
      const a = (await one.memberships.view()).matching({ subject: 'sub-a' }).find((m) => m.entry.group === group)
      // The count after the write decides: a removal that passed it is logged and done, not left half done.
      const request = { actor: KARI, now: later(1), protectedGroup: group }
      expect(await removeMember(one, { key: a?.key ?? '', ...request })).toBe('removed')
      expect(await one.memberships.groupsOf({ subject: 'sub-a' })).toEqual([])
      expect(await one.memberships.activeCount(group)).toBe(1)
    } finally {
      // The other tests read the whole bucket as JSON.
      await kv.delete(broken)
    }
  })

  it('Membership rule 4: two instances removing the last two active members of the most privileged group at once leave one in', async () => {
    for (let round = 0; round < 5; round++) {
      const group = freshGroup()
      const [one, two] = [deps(), deps()]
      await one.memberships.grant(group, { subject: 'sub-a' }, T0.toISOString())
      await one.memberships.grant(group, { subject: 'sub-b' }, T0.toISOString())
      const keyOf = async (subject: string) =>
        (await two.memberships.view()).matching({ subject }).find((m) => m.entry.group === group)?.key ?? ''
      const [a, b] = [await keyOf('sub-a'), await keyOf('sub-b')]
      const request = { actor: KARI, now: later(1), protectedGroup: group }
      const outcomes = await Promise.all([
        removeMember(one, { key: a, ...request }),
        removeMember(two, { key: b, ...request }),
      ])
      expect(outcomes).toContain('last-of-most-privileged')
      expect(await createMemberships(bus()).activeCount(group)).toBeGreaterThanOrEqual(1)
    }
  })

  it("Membership rule 2: a membership tied to one account is not another account's, even with the same verified address", async () => {
    const group = freshGroup()
    const email = freshEmail()
    const one = deps()
    await invited(one, group, { email })
    await activateAtSignIn(one, signedIn('sub-first', { email }), later(1))
    // A second account at the provider with the same address (a reassigned mailbox).
    const other = signedIn('sub-second', { email })
    expect(await one.memberships.groupsOf(other)).toEqual([])
    await activateAtSignIn(one, other, later(2))
    expect(await one.memberships.groupsOf({ subject: 'sub-first' })).toEqual([group])
    expect(await one.memberships.groupsOf(other)).toEqual([])
    expect([...(await keptMemberships(bus(), group)).keys()]).toEqual([`sub:sub-first:${group}`])
    // Asked about by address only (an access question), it is found by what it learned.
    expect(await one.memberships.groupsOf({ email })).toEqual([group])
  })

  it('Membership rule 4: a removal made on another instance a moment before a sign-in stands', async () => {
    for (let round = 0; round < 5; round++) {
      const group = freshGroup()
      const [a, b] = [deps(), deps()]
      await a.memberships.grant(group, { subject: 'sub-t' }, T0.toISOString())
      await a.memberships.view()
      const key =
        (await b.memberships.view()).matching({ subject: 'sub-t' }).find((m) => m.entry.group === group)?.key ?? ''
      expect(await removeMember(b, { key, actor: KARI, now: later(1), protectedGroup: null })).toBe('removed')
      // Instance A's view may not have heard yet; what it writes is judged on the bus.
      await activateAtSignIn(a, signedIn('sub-t', { email: freshEmail('t') }), later(2))
      const kept = await keptMemberships(bus(), group)
      expect([...kept.values()].map((m) => m.state)).toEqual(['removed'])
    }
  })

  it('Membership rule 5: a grant adds no second record for someone known under another key, and never overrides a removal', async () => {
    const group = freshGroup()
    const email = freshEmail()
    const one = deps()
    await invited(one, group, { email })
    expect(await one.memberships.grant(group, { subject: 'sub-g', email }, T0.toISOString())).toBe(false)
    expect([...(await keptMemberships(bus(), group)).keys()]).toEqual([`email:${email}:${group}`])

    // A grant for someone new makes one, active when the subject is known (rule 6).
    expect(await one.memberships.grant(group, { subject: 'sub-new' }, T0.toISOString())).toBe(true)
    expect(await one.memberships.groupsOf({ subject: 'sub-new' })).toEqual([group])
    expect(await one.memberships.grant(group, { subject: 'sub-new' }, T0.toISOString())).toBe(false)

    const key = `${(await one.memberships.view()).matching({ subject: 'sub-new' })[0]?.key}`
    expect(await removeMember(one, { key, actor: KARI, now: later(1), protectedGroup: null })).toBe('removed')
    expect(await createMemberships(bus()).grant(group, { subject: 'sub-new' }, later(2).toISOString())).toBe(false)
    expect(await one.memberships.groupsOf({ subject: 'sub-new' })).toEqual([])
    expect((await keptMemberships(bus(), group)).size).toBe(2)
    expect(await keptInvites(bus(), group)).toHaveLength(1)
  })
})
