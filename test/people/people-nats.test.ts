// Issue 12 on NATS with two instances, oidc-provider, and the mailer with a
// real SMTP server: invites, sign-in by a matching person, removal seen on
// the other instance, the seed once, a phone-keyed invite, two desks at once,
// and the expiry sweep with a clock of the test's own.
import { describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import { createInvites } from '../../server/people/invites'
import { INVITES_KV } from '../../server/people/invites'
import { MEMBERSHIPS_KV } from '../../server/people/memberships'
import { decodeKvKey } from '../../server/bus/kv-driver'
import { invite, invitePathIn, memberKey, postPeople } from './people-forms'
import { usePeopleWorld } from './people-world'

const world = usePeopleWorld()
const DESK = 'caseworkers'

async function linkFor(address: string, count: number): Promise<string> {
  await waitFor(() => world.mailsTo(address).length >= count, 20_000, `invite mail ${count} to ${address}`)
  return invitePathIn(world.mailsTo(address)[count - 1]?.text ?? '')
}

async function keysFor(pattern: RegExp, bucket = MEMBERSHIPS_KV): Promise<string[]> {
  const kv = await world.bus.kv(bucket)
  return (await kv.keys())
    .map((key) => (bucket === MEMBERSHIPS_KV ? decodeKvKey(key) : key))
    .filter((k) => pattern.test(k))
}

describe('people on desks, on NATS with two instances', () => {
  it('SPEC 1 rule 5 and Invite rule 3: two instances started together invite the seed once, on file with the caseworkers desk', async () => {
    const path = await linkFor('boss@example.org', 1)
    expect(world.mailsTo('boss@example.org')[0]?.subject).toMatch(/^You are invited to /)
    const kari = await world.signedIn(world.a, 'kari')
    const people = await (await kari(`${world.a.url}/desk/${DESK}/people`)).text()
    expect(people).toMatch(/Bo Boss[\s\S]*boss@example\.org[\s\S]*Invited[\s\S]*first person \(seed\)/)
    // The seed person signs in on the other instance and opens the desks of the most privileged group.
    const boss = await world.signedIn(world.b, 'boss', path)
    expect((await boss(`${world.b.url}/desk/caseworkers`)).status).toBe(200)
    expect(await (await boss(`${world.b.url}${path}`)).text()).toContain('You are in')
    // A restart invites nobody again.
    await world.restart(world.a)
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(world.mailsTo('boss@example.org')).toHaveLength(1)
    expect(await keysFor(/:caseworkers$/)).toEqual(['sub:boss:caseworkers'])
  })

  it('Accounts the content mandates 1, 2 and 3: two instances go over the responsible people once: one mail, one membership in RESPONSIBLE_GROUP, theirs at sign-in', async () => {
    await waitFor(() => world.mailsTo('kari.nordmann@example.org').length === 1, 20_000, 'the responsible mail')
    const mail = world.mailsTo('kari.nordmann@example.org')[0]
    expect(mail?.subject).toMatch(/^You are listed as responsible at /)
    // Whichever instance claimed the pass wrote it, with its PUBLIC_URL.
    expect([world.a, world.b].some((i) => mail?.text?.includes(`${i.url}/potholes`))).toBe(true)
    // The demo's other responsible person has a phone number only: a membership, no mail.
    expect(await keysFor(/:responsible$/)).toEqual(
      expect.arrayContaining(['email:kari.nordmann@example.org:responsible', 'phone:+4791234567:responsible']),
    )
    const knord = await world.signedIn(world.b, 'knord', '/my')
    expect(await (await knord(`${world.b.url}/my`)).text()).toMatch(
      /<strong>responsible<\/strong>: as responsible for a page/,
    )
    // After the restart in the test before, and on the other instance: still one mail.
    expect(world.mailsTo('kari.nordmann@example.org')).toHaveLength(1)
  })

  it('Membership rules 1, 2, 3 and 6: an invite on one instance, the mail, sign-in on the other, and the desk opens on both', async () => {
    const kari = await world.signedIn(world.a, 'kari')
    const sent = await invite(kari, world.a.url, DESK, {
      name: 'Nina New',
      contact: 'nina@example.org',
      group: 'volunteers',
    })
    expect(sent.status).toBe(303)
    const path = await linkFor('nina@example.org', 1)
    const mail = world.mailsTo('nina@example.org')[0]
    // The group by its label in content, and the desk it opens (issue 26, journey 2).
    expect((mail?.text ?? '').replace(/\s+/g, ' ')).toContain(
      'Kari Caseworker has invited you to join Street Watch volunteers at Fix My Street Northvale. ' +
        'As one of them you can open the Street Watch desk.',
    )
    expect(mail?.text).toContain(`${world.a.url}${path}`)
    const open = await fetch(`${world.b.url}${path}`)
    expect(open.status).toBe(200)
    expect(open.headers.get('referrer-policy')).toBe('no-referrer')
    const nina = await world.signedIn(world.b, 'nina', path)
    expect((await nina(`${world.b.url}/desk/street_watch`)).status).toBe(200)
    expect(await (await nina(`${world.b.url}/my`)).text()).toMatch(/<strong>volunteers<\/strong>: by invite/)
    // One record, now under her subject, that learned her address.
    expect(await keysFor(/:volunteers$/)).toContain('sub:nina:volunteers')
    expect(await keysFor(/nina@example\.org/)).toEqual([])
  })

  it('Membership rule 4: removed on one instance, refused at her very next request on the other; invited again, in again', async () => {
    const kari = await world.signedIn(world.b, 'kari')
    const nina = await world.signedIn(world.a, 'nina')
    expect((await nina(`${world.a.url}/desk/street_watch`)).status).toBe(200)
    const people = await (await kari(`${world.b.url}/desk/${DESK}/people`)).text()
    const removed = await postPeople(kari, world.b.url, DESK, {
      do: 'remove',
      member: memberKey(people, 'nina@example.org'),
    })
    expect(removed.status).toBe(303)
    expect((await nina(`${world.a.url}/desk/street_watch`)).status).toBe(403)

    const after = await (await kari(`${world.b.url}/desk/${DESK}/people`)).text()
    const key = memberKey(after, 'nina@example.org', 'reinvite')
    expect((await postPeople(kari, world.b.url, DESK, { do: 'reinvite', member: key })).status).toBe(303)
    const path = await linkFor('nina@example.org', 2)
    const back = await world.signedIn(world.a, 'nina', path)
    expect((await back(`${world.a.url}/desk/street_watch`)).status).toBe(200)
    expect(await keysFor(/:volunteers$/)).toEqual(expect.arrayContaining(['sub:nina:volunteers']))
    expect((await keysFor(/^sub:nina:/)).length).toBe(1)
  })

  it('Authentication 2 and 3: a phone-keyed invite is activated by a provider that verifies the phone (OIDC_EXTRA_SCOPES=phoneNumber)', async () => {
    const kari = await world.signedIn(world.a, 'kari')
    const sent = await invite(kari, world.a.url, DESK, {
      name: 'Pia Phone',
      contact: '912 34 599',
      group: 'volunteers',
    })
    // No SMS: the link is shown to the staff member to pass on.
    expect(sent.status).toBe(201)
    const link = /class="invite-link" readonly value="([^"]+)"/.exec(sent.body)?.[1] ?? ''
    expect(link).toMatch(new RegExp(`^${world.a.url}/invite/[a-z2-7]{48}$`))
    expect(await keysFor(/^phone:/)).toContain('phone:+4791234599:volunteers')
    const pia = await world.signedIn(world.b, 'pia', new URL(link).pathname)
    expect((await pia(`${world.b.url}/desk/street_watch`)).status).toBe(200)
    expect(await keysFor(/^phone:\+4791234599:/)).toEqual([])
  })

  it('Membership rule 5: two desks inviting the same person at the same moment on two instances make one record', async () => {
    const [onA, onB] = await Promise.all([world.signedIn(world.a, 'kari'), world.signedIn(world.b, 'kari')])
    const person = { name: 'Tore Twice', contact: 'tore@example.org', group: 'volunteers' }
    const sent = await Promise.all([invite(onA, world.a.url, DESK, person), invite(onB, world.b.url, DESK, person)])
    expect(sent.map((s) => s.status)).toEqual([303, 303])
    expect(await keysFor(/tore@example\.org/)).toEqual(['email:tore@example.org:volunteers'])
    // Two mails, one invite: only the later link works.
    await linkFor('tore@example.org', 2)
    const pages = await Promise.all(
      world.mailsTo('tore@example.org').map((m) => fetch(`${world.a.url}${invitePathIn(m.text ?? '')}`)),
    )
    expect(pages.map((p) => p.status).sort()).toEqual([200, 404])
  })

  it('Invite rules 1 and 2: the sweep expires a link that ran out; a desk sends a fresh one and the old one is dead', async () => {
    const kari = await world.signedIn(world.a, 'kari')
    await invite(kari, world.a.url, DESK, { name: 'Olga Late', contact: 'olga@example.org', group: 'volunteers' })
    const old = await linkFor('olga@example.org', 1)
    // A clock 8 days ahead: past INVITE_TTL_HOURS' default 168 hours.
    const expired = await createInvites(world.bus).sweep(new Date(Date.now() + 8 * 24 * 3600 * 1000))
    expect(expired).toBeGreaterThanOrEqual(1)
    const gone = await fetch(`${world.b.url}${old}`)
    expect(gone.status).toBe(410)
    expect(await gone.text()).toContain('This invite link has run out')
    const people = await (await kari(`${world.a.url}/desk/${DESK}/people`)).text()
    expect(people).toContain('The invite link has run out')
    const id = /name="do" value="reopen"><input type="hidden" name="invite" value="([a-z2-7]{16})"/.exec(people)?.[1]
    expect(id).toBeDefined()
    expect((await postPeople(kari, world.a.url, DESK, { do: 'reopen', invite: id ?? '' })).status).toBe(303)
    const fresh = await linkFor('olga@example.org', 2)
    expect(fresh).not.toBe(old)
    expect((await fetch(`${world.b.url}${old}`)).status).toBe(404)
    expect((await fetch(`${world.b.url}${fresh}`)).status).toBe(200)
    const olga = await world.signedIn(world.b, 'olga', fresh)
    expect((await olga(`${world.b.url}/desk/street_watch`)).status).toBe(200)
    expect((await keysFor(/^[a-z2-7]{16}$/, INVITES_KV)).length).toBeGreaterThanOrEqual(4)
  })
})
