// Issue 12: every change to a membership or an invite is an event on
// SVC_PEOPLE with who made it, as a move is on the records stream.
import { beforeAll, describe, expect, it } from 'vitest'
import { decodeJson } from '../../server/bus/payload'
import type { Bus } from '../../server/bus/types'
import type { SiteModel } from '../../server/content/model'
import { activateAtSignIn } from '../../server/people/activate-at-sign-in'
import { PEOPLE_STREAM, peopleEventSchema, type PeopleEvent } from '../../server/people/people-log'
import { removeMember } from '../../server/people/remove-member'
import { loadDemo } from '../support/demo-site'
import { BUS_KINDS, freshEmail, freshGroup, invited, KARI, later, peopleDeps, signedIn, useBus } from './bus-people'

let site: SiteModel
beforeAll(async () => {
  site = await loadDemo()
})

async function eventsOf(bus: Bus, group: string, count: number): Promise<PeopleEvent[]> {
  const seen: PeopleEvent[] = []
  let stop: (() => void) | undefined
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${seen.length} events of ${group}`)), 5000)
    void bus
      .follow(PEOPLE_STREAM, 'svc.people.>', {}, ({ data }) => {
        const event = peopleEventSchema.parse(decodeJson(data))
        if (event.group === group) seen.push(event)
        if (seen.length === count) {
          clearTimeout(timer)
          resolve()
        }
      })
      .then((unsubscribe) => (stop = unsubscribe))
  })
  stop?.()
  return seen
}

describe.each(BUS_KINDS)('the people log on the $name', (kind) => {
  const bus = useBus(kind)

  it('Issue 12: an invite, its sign-in and a removal are events on SVC_PEOPLE, each with its actor', async () => {
    const deps = peopleDeps(bus(), site)
    const group = freshGroup()
    const email = freshEmail()
    const made = await invited(deps, group, { email })
    await activateAtSignIn(deps, signedIn('sub-nina', { email, name: 'Nina' }), later(1))
    const key = (await deps.memberships.view()).matching({ subject: 'sub-nina' })[0]?.key ?? ''
    expect(await removeMember(deps, { key, actor: KARI, now: later(2), protectedGroup: null })).toBe('removed')

    const events = await eventsOf(bus(), group, 6)
    expect(events.map((e) => [e.about, e.change])).toEqual([
      ['membership', 'invited'],
      ['invite', 'opened'],
      // Kept under her subject from now on; the record under her address is folded into it.
      ['membership', 'activated'],
      ['membership', 'merged'],
      ['invite', 'closed'],
      ['membership', 'removed'],
    ])
    expect(events[0]).toMatchObject({ actor: KARI, key: made.invite.membership })
    expect(events[2]?.actor).toMatchObject({ kind: 'person', subject: 'sub-nina' })
    expect(events[3]).toMatchObject({ key: made.invite.membership })
    expect(events[4]).toMatchObject({ key: made.invite.id, actor: { subject: 'sub-nina' } })
    expect(events[5]).toMatchObject({ actor: KARI, key, time: later(2).toISOString() })
  })
})
