// SPEC 1, Accounts the content mandates rule 5: the first person in is
// invited once into the most privileged group, across restarts and instances
// starting together; Invite rule 3: that invite is on file with the desk;
// section 7 rule 6: a failed set-up is tried again.
import { createMembershipsBackend } from '../../server/people/memberships-backend'
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SiteModel } from '../../server/content/model'
import type { BusKv } from '../../server/bus/types'
import { activateAtSignIn } from '../../server/people/activate-at-sign-in'
import { deskOfGroup, mostPrivilegedGroup } from '../../server/people/most-privileged'
import type { PeopleDeps } from '../../server/people/people-deps'
import { listPeople } from '../../server/people/people-rows'
import { seedFirstPerson, type SeedSettings } from '../../server/people/seed-first-person'
import { SETUP_KV } from '../../server/people/setup-claim'
import { loadDemo } from '../support/demo-site'
import { DEMO } from '../support/server'
import {
  BUS_KINDS,
  freshEmail,
  freshPhone,
  invited,
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

describe('Accounts rule 5: the most privileged group', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-demo-copy-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('is the group of the desk that may invite into the most groups; SEED_GROUP overrides it', () => {
    expect([...site.desks.values()].map((desk) => [desk.name, desk.invites.length])).toEqual([
      ['caseworkers', 2],
      ['road_crew', 1],
      ['street_watch', 0],
    ])
    expect(mostPrivilegedGroup(site)).toBe('caseworkers')
    expect(mostPrivilegedGroup(site, 'road_crew')).toBe('road_crew')
    expect(deskOfGroup(site, 'volunteers')?.name).toBe('street_watch')
  })

  it('of desks that tie, is the first in content order; one more invite wins', async () => {
    cpSync(DEMO, dir, { recursive: true })
    const streetWatch = join(dir, 'desks/street_watch.yaml')
    const desk = (invites: string) =>
      `title: Street Watch desk\ngroup: volunteers\nbuckets: [potholes]\ninvites: [${invites}]\n`
    writeFileSync(streetWatch, desk('volunteers, road_crew'))
    expect(mostPrivilegedGroup(await loadDemo(dir))).toBe('caseworkers')
    writeFileSync(streetWatch, desk('volunteers, road_crew, caseworkers'))
    expect(mostPrivilegedGroup(await loadDemo(dir))).toBe('volunteers')
  })

  it('with no desk at all, there is none unless SEED_GROUP names one', () => {
    const bare = { ...site, desks: new Map() }
    expect(mostPrivilegedGroup(bare)).toBeNull()
    expect(mostPrivilegedGroup(bare, 'admins')).toBe('admins')
  })
})

describe.each(BUS_KINDS)('the first person on the $name', (kind) => {
  const bus = useBus(kind)
  /** One instance: its own people objects and its own handle on svc_setup. */
  const instance = async (change?: PeopleDeps['invites']['change']) => {
    const deps = peopleDeps(bus(), site)
    const setup: BusKv = await bus().kv(SETUP_KV)
    const withChange = change === undefined ? deps : { ...deps, invites: { ...deps.invites, change } }
    return (settings: SeedSettings, now = T0) =>
      seedFirstPerson(withChange, createMembershipsBackend(withChange), setup, settings, now)
  }
  const invitesOf = async (group: string, email: string) =>
    (await keptInvites(bus(), group)).filter((kept) => kept.email === email)

  it('Accounts rule 5 and Invite rule 3: the first person is invited once into the most privileged group, on file with its desk', async () => {
    const email = freshEmail('boss')
    const seed = await instance()
    expect(await seed({ email, name: 'Bo Boss' })).toBe('invited')
    expect(await seed({ email, name: 'Bo Boss' }, later(1))).toBe('done-before')
    // A restart: another instance, the same bus.
    expect(await (await instance())({ email, name: 'Bo Boss' }, later(2))).toBe('done-before')

    const [made, ...more] = await invitesOf('caseworkers', email)
    expect(more).toEqual([])
    expect(made).toMatchObject({ desk: 'caseworkers', name: 'Bo Boss', round: 1, invitedBy: { kind: 'service' } })
    const kept = [...(await keptMemberships(bus(), 'caseworkers')).values()].filter((m) => m.email === email)
    expect(kept).toEqual([expect.objectContaining({ state: 'invited', source: 'seed', invite: made?.id })])
    const sections = await listPeople(peopleDeps(bus(), site), ['caseworkers', 'volunteers'], { q: email, page: 1 })
    const rows = sections.flatMap((section) => section.rows)
    expect(rows.filter((row) => row.invite?.id === made?.id)).toHaveLength(1)
  })

  it('Accounts rule 5: two instances starting together invite the first person once', async () => {
    const email = freshEmail('boss')
    const [a, b] = [await instance(), await instance()]
    const outcomes = await Promise.all([a({ email }), b({ email })])
    expect(outcomes.sort()).toEqual(['claimed-elsewhere', 'invited'])
    expect(await invitesOf('caseworkers', email)).toHaveLength(1)
  })

  it('Accounts rule 5: a claim left by an instance that stopped midway is taken over once it is older than two minutes', async () => {
    const email = freshEmail('boss')
    let reached: () => void = () => undefined
    const stuck = new Promise<void>((resolve) => (reached = resolve))
    // This instance stops for good while keeping the invite.
    const dying = await instance(() => {
      reached()
      return new Promise(() => undefined)
    })
    void dying({ email })
    await stuck

    const other = await instance()
    expect(await other({ email }, new Date(T0.getTime() + 119_000))).toBe('claimed-elsewhere')
    expect(await invitesOf('caseworkers', email)).toHaveLength(0)
    expect(await other({ email }, new Date(T0.getTime() + 121_000))).toBe('invited')
    expect(await other({ email }, later(1))).toBe('done-before')
    expect(await invitesOf('caseworkers', email)).toHaveLength(1)
    expect([...(await keptMemberships(bus(), 'caseworkers')).values()].filter((m) => m.email === email)).toHaveLength(1)
  })

  it('Section 7 rule 6: a failed set-up of the first person leaves no claim behind, so the retry a minute later invites them', async () => {
    const email = freshEmail('boss')
    const failing = await instance(() => Promise.reject(new Error('the bus said no')))
    await expect(failing({ email })).rejects.toThrow('the bus said no')
    expect(await (await instance())({ email }, new Date(T0.getTime() + 60_000))).toBe('invited')
    expect(await invitesOf('caseworkers', email)).toHaveLength(1)
  })

  it('Accounts rule 5: SEED_GROUP chooses the group, and a seed by phone is invited without mail', async () => {
    const phone = freshPhone()
    expect(await (await instance())({ phone, group: 'road_crew' })).toBe('invited')
    const [made] = (await keptInvites(bus(), 'road_crew')).filter((kept) => kept.phone === phone)
    expect(made).toMatchObject({ group: 'road_crew', desk: 'road_crew' })
    expect(await (await instance())({ phone, group: 'road_crew' })).toBe('done-before')
    expect(await (await instance())({})).toBe('off')
  })

  it('Accounts rule 5: a first person who is a member already is not invited again', async () => {
    const email = freshEmail('boss')
    const deps = peopleDeps(bus(), site)
    const { invite } = await invited(deps, 'caseworkers', { email })
    await activateAtSignIn(deps, signedIn('sub-boss', { email }), later(1))
    expect(await (await instance())({ email }, later(2))).toBe('member')
    expect(await invitesOf('caseworkers', email)).toEqual([expect.objectContaining({ id: invite.id, round: 1 })])
  })
})
