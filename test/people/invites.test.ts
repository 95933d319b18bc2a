// SPEC 2, Invite rules, and section 3's invite rows: one invite per
// membership in svc_invites, a link that runs out, a fresh link killing the
// one before, one mail per link. Run on both buses.
import { beforeAll, describe, expect, it } from 'vitest'
import type { SiteModel } from '../../server/content/model'
import { decodeJson } from '../../server/bus/payload'
import type { StreamMessage } from '../../server/bus/types'
import { composeMail } from '../../server/mail/compose-mail'
import { mailIntentSchema } from '../../server/mail/mail-intent'
import { MAIL_STREAM, mailSubject } from '../../server/mail/mail-stream'
import { knownGroups } from '../../server/content/site-checks'
import { activateAtSignIn } from '../../server/people/activate-at-sign-in'
import { loadMembershipView } from '../../server/people/membership-view'
import { inviteStateAt } from '../../server/people/invite-record'
import { hashInviteSecret } from '../../server/people/invite-token'
import { readInviteLink } from '../../server/people/read-invite-link'
import { removeMember } from '../../server/people/remove-member'
import { waitFor } from '../bus/wait'
import { sampleSender } from '../mail/sample-intent'
import { loadDemo } from '../support/demo-site'
import {
  BUS_KINDS,
  freshEmail,
  freshGroup,
  freshPhone,
  invite,
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

describe.each(BUS_KINDS)('invites on the $name', (kind) => {
  const bus = useBus(kind)
  const deps = (ttlHours?: number) => peopleDeps(bus(), site, ttlHours)

  it('Membership rule 5 and Invite rule 1: inviting one address twice keeps one membership and one invite; only the newest link opens', async () => {
    const group = freshGroup()
    const email = freshEmail()
    const one = deps()
    const first = await invited(one, group, { email: email.toUpperCase() })
    const second = await invited(one, group, { email }, { now: later(1) })
    expect(second.invite.id).toBe(first.invite.id)
    expect(second.invite).toMatchObject({ round: 2, state: 'open', created: T0.toISOString() })
    expect((await keptMemberships(bus(), group)).size).toBe(1)
    expect(await keptInvites(bus(), group)).toHaveLength(1)
    expect((await readInviteLink(one.invites, first.token, later(2))).kind).toBe('invalid')
    expect((await readInviteLink(one.invites, second.token, later(2))).kind).toBe('open')
  })

  it('Section 3, membership (removed) row: re-inviting a removed person reuses the one record and makes a fresh link', async () => {
    const group = freshGroup()
    const email = freshEmail()
    const one = deps()
    const first = await invited(one, group, { email })
    const key = first.invite.membership
    expect(await removeMember(one, { key, actor: KARI, now: later(1), protectedGroup: null })).toBe('removed')
    expect((await readInviteLink(one.invites, first.token, later(1))).kind).not.toBe('open')

    const again = await invited(one, group, { email }, { now: later(2) })
    expect(again.invite).toMatchObject({ id: first.invite.id, membership: key, round: 2, state: 'open' })
    const kept = await keptMemberships(bus(), group)
    expect([...kept.values()]).toEqual([expect.objectContaining({ state: 'invited', invite: first.invite.id })])
    expect((await readInviteLink(one.invites, first.token, later(3))).kind).toBe('invalid')
    expect((await readInviteLink(one.invites, again.token, later(3))).kind).toBe('open')
  })

  it('Membership rule 5: inviting an active member answers that they are one, and makes no link', async () => {
    const group = freshGroup()
    const email = freshEmail()
    const phone = freshPhone()
    const one = deps()
    const first = await invited(one, group, { email })
    await activateAtSignIn(one, signedIn('sub-in', { email, phone }), later(1))
    // By address, by the phone the sign-in taught it, and on another instance.
    expect(await invite(one, group, { email }, { now: later(2) })).toEqual({ kind: 'member' })
    expect(await invite(one, group, { phone }, { now: later(2) })).toEqual({ kind: 'member' })
    expect(await invite(deps(), group, { email }, { now: later(2) })).toEqual({ kind: 'member' })
    expect(await one.invites.get(first.invite.id)).toMatchObject({ round: 1, state: 'closed' })
    expect(await bus().lastSubjectSequence(MAIL_STREAM, mailSubject('svc_invites', first.invite.id, 2))).toBe(0)
  })

  it("Membership rule 2: an invite made on another instance a moment ago is taken up at sign-in though this instance's view has not heard of it yet", async () => {
    const group = [...knownGroups(site.desks.values(), site.buckets.values())][0] ?? 'volunteers'
    const email = freshEmail()
    const first = await invited(deps(), group, { email })
    // This instance's watch held up (a lost node): its view has heard of nothing.
    const other = deps()
    const unheard = await loadMembershipView(await bus().kv(`svc_unheard_${freshGroup().replace(/\W/g, '_')}`))
    const lagging = { ...other, memberships: { ...other.memberships, view: () => Promise.resolve(unheard) } }
    await activateAtSignIn(lagging, signedIn('sub-lagging', { email }), later(1))
    expect(await other.invites.get(first.invite.id)).toMatchObject({ state: 'closed', closedBy: 'sub-lagging' })
    expect(await other.memberships.groupsOf({ subject: 'sub-lagging' })).toContain(group)
  })

  it('Membership rule 5: two instances inviting one address at the same moment make one membership and one invite', async () => {
    for (let round = 0; round < 5; round++) {
      const group = freshGroup()
      const email = freshEmail()
      const [a, b] = await Promise.all([invite(deps(), group, { email }), invite(deps(), group, { email })])
      const ids = [a, b].map((outcome) => (outcome.kind === 'invited' ? outcome.invite.id : outcome.kind))
      expect(ids[0]).toBe(ids[1])
      expect([...(await keptMemberships(bus(), group)).keys()]).toEqual([`email:${email}:${group}`])
      const kept = await keptInvites(bus(), group)
      expect(kept.map((i) => [i.id, i.round])).toEqual([[ids[0], 2]])
    }
  })

  it('Invite rule 1 and section 3, invite open → expired row: the sweep expires a link that ran out; a desk may reopen it with a fresh link', async () => {
    const group = freshGroup()
    const one = deps(24)
    const { invite: made, token } = await invited(one, group, { email: freshEmail() })
    expect(made.expiresAt).toBe(T0.getTime() / 1000 + 24 * 3600)

    await one.invites.sweep(later(23))
    expect((await one.invites.get(made.id))?.state).toBe('open')
    // Run out before any sweep has been by.
    expect(inviteStateAt(made, later(23))).toBe('open')
    expect(inviteStateAt(made, later(24))).toBe('expired')
    expect((await readInviteLink(one.invites, token, later(24))).kind).toBe('expired')

    expect(await one.invites.sweep(later(25))).toBeGreaterThanOrEqual(1)
    expect(await one.invites.get(made.id)).toMatchObject({ state: 'expired', since: later(25).toISOString() })
    expect((await readInviteLink(one.invites, token, later(25))).kind).toBe('expired')
    // A second sweep finds nothing more to do for it.
    await one.invites.sweep(later(26))
    expect((await one.invites.get(made.id))?.since).toBe(later(25).toISOString())

    const reopened = await invited(one, group, { email: made.email ?? '' }, { now: later(26) })
    expect(reopened.invite).toMatchObject({
      id: made.id,
      state: 'open',
      round: 2,
      expiresAt: made.expiresAt + 26 * 3600,
    })
    expect((await readInviteLink(one.invites, reopened.token, later(27))).kind).toBe('open')
    expect(await bus().lastSubjectSequence(MAIL_STREAM, mailSubject('svc_invites', made.id, 2))).toBeGreaterThan(0)
  })

  it('Invite rule 1: the sweep on another instance, started after the invites were made, expires only open links that ran out', async () => {
    const group = freshGroup()
    const one = deps(24)
    const due = await invited(one, group, { email: freshEmail('due') })
    const later12 = await invited(one, group, { email: freshEmail('later') }, { now: later(12) })
    const withdrawn = await invited(one, group, { email: freshEmail('gone') })
    expect(
      await removeMember(one, { key: withdrawn.invite.membership, actor: KARI, now: later(1), protectedGroup: null }),
    ).toBe('removed')
    // A fresh instance: its view of open invites is loaded from the bus.
    const other = deps(24)
    // (Other tests' invites share this bus, so the count is not this test's alone.)
    expect(await other.invites.sweep(later(25))).toBeGreaterThanOrEqual(1)
    expect((await other.invites.get(due.invite.id))?.state).toBe('expired')
    expect((await other.invites.get(later12.invite.id))?.state).toBe('open')
    expect((await other.invites.get(withdrawn.invite.id))?.state).toBe('closed')
    // It hears what is made after it started, and expires that too when it runs out.
    const fresh = await invited(one, group, { email: freshEmail('fresh') }, { now: later(25) })
    await waitFor(
      async () => {
        await other.invites.sweep(later(50))
        return (await other.invites.get(fresh.invite.id))?.state === 'expired'
      },
      5000,
      'the invite made after the sweeping instance started, swept',
    )
    expect((await other.invites.get(later12.invite.id))?.state).toBe('expired')
    expect((await other.invites.get(withdrawn.invite.id))?.state).toBe('closed')
  })

  it("Invite rule 2: the link's end is seconds since the epoch, and INVITE_TTL_HOURS may have decimals", async () => {
    const now = new Date(T0.getTime() + 700)
    const { invite: made, token } = await invited(deps(0.5), freshGroup(), { phone: freshPhone() }, { now })
    expect(made.expiresAt).toBe(Math.floor(now.getTime() / 1000) + 1800)
    expect(Number.isInteger(made.expiresAt)).toBe(true)
    const invites = deps().invites
    expect((await readInviteLink(invites, token, new Date(made.expiresAt * 1000 - 1))).kind).toBe('open')
    expect((await readInviteLink(invites, token, new Date(made.expiresAt * 1000))).kind).toBe('expired')
  })

  it('Invite rule 1: only a hash of the secret is kept, and an altered link opens nothing', async () => {
    const one = deps()
    const { invite: made, token } = await invited(one, freshGroup(), { email: freshEmail() })
    expect(token).toMatch(/^[a-z2-7]{48}$/)
    expect(token.slice(0, 16)).toBe(made.id)
    expect(made.tokenHash).toBe(hashInviteSecret(token.slice(16)))
    expect(JSON.stringify(await one.invites.get(made.id))).not.toContain(token.slice(16))

    const swap = (at: number) => `${token.slice(0, at)}${token[at] === 'a' ? 'b' : 'a'}${token.slice(at + 1)}`
    for (const altered of [swap(3), swap(20), swap(47), token.toUpperCase(), token.slice(0, 47), `${token}a`, ''])
      expect((await readInviteLink(one.invites, altered, later(1))).kind, altered).toBe('invalid')
    expect((await readInviteLink(one.invites, token, later(1))).kind).toBe('open')
  })

  it("Invite rule 1: an invite by address queues exactly one mail per link, with the inviter's name as plain text", async () => {
    const group = freshGroup()
    const email = freshEmail()
    const one = deps()
    const actor = { kind: 'person', subject: 'sub-bold', name: '**Bold** <b>' } as const
    const first = await invited(one, group, { email }, { actor })
    const second = await invited(one, group, { email }, { actor, now: later(1) })
    expect([first.mailed, second.mailed]).toEqual([true, true])

    const id = first.invite.id
    const last = await bus().lastSubjectSequence(MAIL_STREAM, mailSubject('svc_invites', id, 2))
    const seen: StreamMessage[] = []
    const stop = await bus().follow(MAIL_STREAM, `svc.mail.svc_invites.${id}.>`, {}, (m) => void seen.push(m))
    await waitFor(() => seen.some((m) => m.seq === last), 5000, 'the second mail')
    stop()
    expect(seen.map((m) => m.subject)).toEqual([1, 2].map((round) => mailSubject('svc_invites', id, round)))

    const intents = seen.map((m) => mailIntentSchema.parse(decodeJson(m.data)))
    expect(intents.map((i) => [i.to, i.link])).toEqual([
      [{ email }, `http://127.0.0.1:1${first.path}`],
      [{ email }, `http://127.0.0.1:1${second.path}`],
    ])
    const mail = composeMail(intents[1]!, email, sampleSender)
    expect(mail.text).toContain(`**Bold** <b> has invited you to join ${group}`)
    expect(mail.html).toContain('**Bold** &lt;b&gt; has invited you')
    expect(mail.html).toContain(`<strong>${group}</strong>`)
    expect(mail.html).not.toContain('<strong>Bold</strong>')
    expect(mail.html).not.toContain('<b>')
  })

  it('Invite rule 1: an invite by phone is not mailed; whoever invites passes the link on', async () => {
    const made = await invited(deps(), freshGroup(), { phone: freshPhone() })
    expect(made.mailed).toBe(false)
    expect(await bus().lastSubjectSequence(MAIL_STREAM, mailSubject('svc_invites', made.invite.id, 1))).toBe(0)
  })
})
