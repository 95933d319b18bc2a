// Issue 26, the People view: a membership known only by a subject (a grant, the responsible pass) is shown by the
// name and verified address the person's last sign-in gave, not as "Someone known only by their sign-in".
import { describe, expect, it } from 'vitest'
import type { SiteModel } from '../../server/content/model'
import { createPeopleDirectory, PEOPLE_KV } from '../../server/people/people-directory'
import { listPeople } from '../../server/people/people-rows'
import { messagesFor } from '../../server/messages/messages'
import { renderMemberCard } from '../../server/render/people/member-card'
import { loadDemo } from '../support/demo-site'
import { BUS_KINDS, freshGroup, peopleDeps, T0, useBus } from './bus-people'

const site: SiteModel = await loadDemo()
const m = messagesFor(site, 0)

describe('the People view, for someone the service knows by their sign-in', () => {
  const bus = useBus(BUS_KINDS[0]!)

  it('shows the name and verified address of their last sign-in', async () => {
    const deps = peopleDeps(bus(), site)
    const group = freshGroup()
    await deps.memberships.grant(group, { subject: 'sub-selma' }, T0.toISOString())
    const directory = createPeopleDirectory(await bus().kv(PEOPLE_KV))
    await directory.remember({ subject: 'sub-selma', email: 'selma@example.org', name: 'Selma Signin' }, [], T0)
    const query = { q: '', page: 1 }
    await expect.poll(async () => (await listPeople(deps, [group], query))[0]?.total, { timeout: 5_000 }).toBe(1)

    const [section] = await listPeople(deps, [group], query, (subject) => directory.personOf(subject))
    const row = section!.rows[0]!
    expect([row.entry.name, row.entry.email]).toEqual(['Selma Signin', 'selma@example.org'])
    const card = renderMemberCard('/desk/caseworkers/people', row, 'csrf', T0, m).toString()
    expect(card).toContain('<strong>Selma Signin</strong>')
    expect(card).toContain('selma@example.org')
    expect(card).not.toContain(m.say('people.unknown'))

    // Nobody by that subject ever signed in: the card still says so.
    const [unknown] = await listPeople(deps, [group], query, async () => null)
    expect(renderMemberCard('/x', unknown!.rows[0]!, 'csrf', T0, m).toString()).toContain(m.say('people.unknown'))
  })
})
