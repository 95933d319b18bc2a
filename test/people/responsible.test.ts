// SPEC 1, Accounts the content mandates, on the memberships backend: the
// responsible pass gives every person a page names a membership in
// RESPONSIBLE_GROUP and one mail per set of pages, and takes out of that
// group only those it put there once no page names them.
import { createMembershipsBackend } from '../../server/people/memberships-backend'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Bus } from '../../server/bus/types'
import type { Page, Person, SiteModel } from '../../server/content/model'
import { MAIL_STREAM } from '../../server/mail/mail-stream'
import { activateAtSignIn } from '../../server/people/activate-at-sign-in'
import { runResponsiblePass } from '../../server/people/responsible-pass'
import { responsiblePeople } from '../../server/people/responsible-people'
import { SETUP_KV } from '../../server/people/setup-claim'
import { decodeJson } from '../../server/bus/payload'
import { loadDemo } from '../support/demo-site'
import {
  BUS_KINDS,
  freshEmail,
  freshGroup,
  freshPhone,
  invited,
  keptMemberships,
  peopleDeps,
  signedIn,
  T0,
  later,
  useBus,
} from './bus-people'

let demo: SiteModel
beforeAll(async () => {
  demo = await loadDemo()
})

/** The demo with `responsible` set per page path; other pages name nobody. */
function withResponsible(named: Record<string, readonly Person[]>): SiteModel {
  const pages = demo.pages.map((page): Page => ({ ...page, responsible: named[page.path] ?? [] }))
  return { ...demo, pages }
}

async function mailTo(bus: Bus, address: string): Promise<number> {
  let count = 0
  const stop = await bus.follow(MAIL_STREAM, 'svc.mail.svc_responsible.>', {}, ({ data }) => {
    if (decodeJson<{ to: { email?: string } }>(data).to.email === address) count++
  })
  await new Promise((resolve) => setTimeout(resolve, 300))
  stop()
  return count
}

describe('who the content names as responsible', () => {
  it('Accounts the content mandates 1: one person however many pages name them, an address and a phone on one entry being one person', () => {
    const email = 'ola@example.org'
    const site = withResponsible({
      '/': [{ name: 'Ola', email: 'OLA@example.org', phone: '+4791234567' }],
      '/about': [{ name: 'Ola N', phone: '+4791234567' }],
      '/potholes': [
        { name: 'Ola', email },
        { name: 'Kim', phone: '+4791234568' },
      ],
    })
    expect(responsiblePeople(site)).toEqual([
      { name: 'Ola', email, phone: '+4791234567', pages: ['/', '/about', '/potholes'] },
      { name: 'Kim', phone: '+4791234568', pages: ['/potholes'] },
    ])
  })
})

describe.each(BUS_KINDS)('the responsible pass on the $name', (kind) => {
  const bus = useBus(kind)

  it('Accounts the content mandates 1 and 2: every person a page names joins RESPONSIBLE_GROUP and is mailed once per set of pages', async () => {
    const group = freshGroup()
    const [ann, bo] = [freshEmail('ann'), freshPhone()]
    const site = withResponsible({
      '/potholes': [
        { name: 'Ann', email: ann },
        { name: 'Bo', phone: bo },
      ],
    })
    const deps = peopleDeps(bus(), site)
    const setup = await bus().kv(SETUP_KV)
    const first = await runResponsiblePass(deps, createMembershipsBackend(deps), setup, { group, now: T0 })
    expect(first).toEqual({ failed: [], mailed: 1, joined: 2, left: 0 })
    const kept = await keptMemberships(bus(), group)
    expect([...kept.values()].map((m) => [m.email ?? m.phone, m.state, m.source])).toEqual(
      expect.arrayContaining([
        [ann, 'invited', 'responsible'],
        [bo, 'invited', 'responsible'],
      ]),
    )
    // Again, on another instance or after a restart: nobody is mailed or added twice.
    expect(
      await runResponsiblePass(peopleDeps(bus(), site), createMembershipsBackend(peopleDeps(bus(), site)), setup, {
        group,
        now: later(1),
      }),
    ).toEqual({
      failed: [],
      mailed: 0,
      joined: 0,
      left: 0,
    })
    // A page more is a new set of pages: one more mail.
    const more = withResponsible({
      '/potholes': [{ name: 'Ann', email: ann }],
      '/about': [{ name: 'Ann', email: ann }],
    })
    expect(
      (
        await runResponsiblePass(peopleDeps(bus(), more), createMembershipsBackend(peopleDeps(bus(), more)), setup, {
          group,
          now: later(2),
        })
      ).mailed,
    ).toBe(1)
    expect(await mailTo(bus(), ann)).toBe(2)

    // Her first sign-in makes the group hers, as any membership.
    await activateAtSignIn(deps, signedIn('sub-ann', { email: ann }), later(3))
    expect(await deps.memberships.groupsOf({ subject: 'sub-ann' })).toEqual([group])
  })

  it('Accounts the content mandates 2: someone no page names any more leaves the group the pass put them in, never one they were in already', async () => {
    const group = freshGroup()
    const [ann, cai] = [freshEmail('ann'), freshEmail('cai')]
    const setup = await bus().kv(SETUP_KV)
    const both = withResponsible({
      '/potholes': [
        { name: 'Ann', email: ann },
        { name: 'Cai', email: cai },
      ],
    })
    // Cai was brought into the group by a desk before any page named them.
    await invited(peopleDeps(bus(), both), group, { email: cai }, { name: 'Cai' })
    const deps = peopleDeps(bus(), both)
    expect((await runResponsiblePass(deps, createMembershipsBackend(deps), setup, { group, now: T0 })).joined).toBe(1)

    const nobody = peopleDeps(bus(), withResponsible({}))
    expect(
      await runResponsiblePass(nobody, createMembershipsBackend(nobody), setup, { group, now: later(1) }),
    ).toMatchObject({ left: 1 })
    const kept = await keptMemberships(bus(), group)
    expect([...kept.values()].map((m) => [m.email, m.state, m.source]).sort()).toEqual(
      [
        [ann, 'removed', 'responsible'],
        [cai, 'invited', 'invite'],
      ].sort(),
    )
    // Named again: back in.
    expect(
      (
        await runResponsiblePass(peopleDeps(bus(), both), createMembershipsBackend(peopleDeps(bus(), both)), setup, {
          group,
          now: later(2),
        })
      ).joined,
    ).toBe(1)
    expect([...(await keptMemberships(bus(), group)).values()].find((m) => m.email === ann)?.state).toBe('invited')
  })

  it('Accounts the content mandates 2: a desk that invites someone the pass had put in the group makes it its own, so the pass never takes it back', async () => {
    const group = freshGroup()
    const fay = freshEmail('fay')
    const setup = await bus().kv(SETUP_KV)
    const named = peopleDeps(bus(), withResponsible({ '/': [{ name: 'Fay', email: fay }] }))
    expect((await runResponsiblePass(named, createMembershipsBackend(named), setup, { group, now: T0 })).joined).toBe(1)
    await invited(named, group, { email: fay }, { name: 'Fay' })
    const nobody = peopleDeps(bus(), withResponsible({}))
    expect(
      (await runResponsiblePass(nobody, createMembershipsBackend(nobody), setup, { group, now: later(1) })).left,
    ).toBe(0)
    expect([...(await keptMemberships(bus(), group)).values()].map((m) => [m.state, m.source])).toEqual([
      ['invited', 'invite'],
    ])
  })

  it('Accounts the content mandates 3 and Errors 6: one person whose step fails holds up nobody else, and the retry for them alone succeeds', async () => {
    const group = freshGroup()
    const [ok, broken] = [freshEmail('ok'), freshEmail('broken')]
    const site = withResponsible({
      '/': [
        { name: 'Ok', email: ok },
        { name: 'Broken', email: broken },
      ],
    })
    const deps = peopleDeps(bus(), site)
    // The bus refuses this one person's membership once, as a store that is away for a moment would.
    let refusals = 1
    const flaky = {
      ...deps,
      memberships: {
        ...deps.memberships,
        change: (key: string, decide: Parameters<typeof deps.memberships.change>[1]) => {
          if (key.includes('broken') && refusals-- > 0) return Promise.reject(new Error('the store is away'))
          return deps.memberships.change(key, decide)
        },
      },
    }
    const setup = await bus().kv(SETUP_KV)
    const first = await runResponsiblePass(flaky, createMembershipsBackend(flaky), setup, { group, now: T0 })
    expect(first).toEqual({ failed: [`email:${broken}`], mailed: 1, joined: 1, left: 0 })
    expect(await mailTo(bus(), ok)).toBe(1)
    expect(await mailTo(bus(), broken)).toBe(0)
    const retry = await runResponsiblePass(flaky, createMembershipsBackend(flaky), setup, {
      group,
      now: later(1),
      only: new Set(first.failed),
    })
    expect(retry).toEqual({ failed: [], mailed: 1, joined: 1, left: 0 })
    expect(await mailTo(bus(), broken)).toBe(1)
    expect((await keptMemberships(bus(), group)).size).toBe(2)
  })

  it('Accounts the content mandates 1: without RESPONSIBLE_GROUP the pass only mails, and a phone-only person gets no mail', async () => {
    const [dee, eve] = [freshEmail('dee'), freshPhone()]
    const site = withResponsible({
      '/': [
        { name: 'Dee', email: dee },
        { name: 'Eve', phone: eve },
      ],
    })
    const outcome = await runResponsiblePass(
      peopleDeps(bus(), site),
      createMembershipsBackend(peopleDeps(bus(), site)),
      await bus().kv(SETUP_KV),
      { now: T0 },
    )
    expect(outcome).toEqual({ failed: [], mailed: 1, joined: 0, left: 0 })
    expect(await mailTo(bus(), dee)).toBe(1)
  })
})
