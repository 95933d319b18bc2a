// The People view stays one quick page however large a group grows: each
// group shows a page of 50, people waiting on an invite first, with a search
// over names, addresses and phone numbers, and one group paged through.
import { beforeAll, describe, expect, it } from 'vitest'
import type { SiteModel } from '../../server/content/model'
import { readPeopleQuery } from '../../server/people/people-query'
import { listPeople, PEOPLE_PAGE_SIZE } from '../../server/people/people-rows'
import { loadDemo } from '../support/demo-site'
import { BUS_KINDS, freshGroup, invited, peopleDeps, T0, useBus } from './bus-people'

let site: SiteModel
beforeAll(async () => {
  site = await loadDemo()
})

describe.each(BUS_KINDS.slice(0, 1))('the People view lists on the $name', (kind) => {
  const bus = useBus(kind)

  it('Membership rule 4 (the desk sees whom it may remove): 130 people in a group come 50 a page, pending invites first, and a search finds one', async () => {
    const deps = peopleDeps(bus(), site)
    const [group, other] = [freshGroup(), freshGroup()]
    for (let n = 0; n < 125; n++)
      await deps.memberships.grant(group, { subject: `sub-${group}-${n}` }, T0.toISOString())
    for (let n = 0; n < 5; n++)
      await invited(deps, group, { email: `pending${n}@example.org` }, { name: `Pending ${n}` })
    await invited(deps, other, { phone: '+4791234511' }, { name: 'Only Other' })

    const first = await listPeople(deps, [group, other], readPeopleQuery({}, [group, other]))
    expect(first.map((s) => [s.group, s.total, s.rows.length, s.page, s.pages])).toEqual([
      [group, 130, PEOPLE_PAGE_SIZE, 1, 3],
      [other, 1, 1, 1, 1],
    ])
    // Waiting on an invite first, with the invite read; the active ones read none.
    expect(first[0]?.rows.slice(0, 5).map((r) => [r.entry.state, r.invite?.state])).toEqual(
      Array.from({ length: 5 }, () => ['invited', 'open']),
    )
    expect(first[0]?.rows.slice(5).every((r) => r.entry.state === 'active' && r.invite === null)).toBe(true)

    // One group, page 3: the last 30; a page past the end shows the last one.
    const third = await listPeople(deps, [group, other], readPeopleQuery({ group, page: '3' }, [group, other]))
    expect(third.map((s) => [s.group, s.rows.length, s.page])).toEqual([[group, 30, 3]])
    const past = await listPeople(deps, [group, other], readPeopleQuery({ group, page: '99' }, [group, other]))
    expect(past[0]?.page).toBe(3)

    // A search over names, addresses and phone numbers, in any case.
    const byAddress = await listPeople(deps, [group, other], readPeopleQuery({ q: 'PENDING3@' }, [group, other]))
    expect(byAddress.map((s) => s.rows.map((r) => r.entry.name))).toEqual([['Pending 3'], []])
    const byPhone = await listPeople(deps, [group, other], readPeopleQuery({ q: '91234511' }, [group, other]))
    expect(byPhone.map((s) => s.total)).toEqual([0, 1])
  })

  it('a query naming a group the desk does not hold, or a page that is no number, is read as the first page of all', () => {
    const groups = ['caseworkers', 'volunteers']
    expect(readPeopleQuery({ group: 'road_crew', page: '-2', q: '  x  ' }, groups)).toEqual({ q: 'x', page: 1 })
    expect(readPeopleQuery({ group: ['volunteers'], page: '1e9' }, groups)).toEqual({ q: '', page: 1 })
    expect(readPeopleQuery({ q: 'y'.repeat(500) }, groups).q).toHaveLength(100)
  })
})
