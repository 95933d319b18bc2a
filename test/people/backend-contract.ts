// One contract for both people backends (SPEC 5 rule 5): whoever keeps the
// groups, a desk's invite, a removal, a grant and the responsible pass look
// the same from the person's next sign-in and from the desk's People view.
import { describe, expect, it } from 'vitest'
import type { SiteModel } from '../../server/content/model'
import type { PeopleBackend } from '../../server/people/people-backend'
import type { ResponsiblePerson } from '../../server/people/responsible-people'
import { freshEmail, freshGroup, KARI, later, T0 } from './bus-people'

export interface BackendWorld {
  backend(site: SiteModel): PeopleBackend
  /** The content groups the person's next sign-in carries, as the policy engine will see them. */
  groupsAfterSignIn(email: string): Promise<string[]>
}

const query = { q: '', page: 1 }

export function runPeopleBackendContract(name: string, site: () => SiteModel, world: () => BackendWorld): void {
  describe(`the people backend: ${name}`, () => {
    const backend = () => world().backend(site())
    const invite = (group: string, email: string, name = 'Nora Nobody') =>
      backend().invite({
        group,
        desk: 'caseworkers',
        name,
        contact: { email },
        actor: KARI,
        source: 'invite',
        now: T0,
      })
    const rowOf = async (group: string, email: string) =>
      (await backend().list([group], query))[0]?.rows.find((row) => row.entry.email === email)

    it('Authentication 5: an invite puts the person in the group from their next sign-in, mailed, and on the People view', async () => {
      const [group, email] = [freshGroup(), freshEmail()]
      const outcome = await invite(group, email)
      expect(outcome.kind === 'invited' || outcome.kind === 'added').toBe(true)
      expect(outcome.kind !== 'member' && outcome.mailed).toBe(true)
      expect(await world().groupsAfterSignIn(email)).toContain(group)
      expect(await rowOf(group, email)).toMatchObject({ entry: { name: 'Nora Nobody', email } })
      // In the group now: a second invite says so.
      expect((await invite(group, email)).kind).toBe('member')
    })

    it('Membership rule 4: a desk may remove a membership, and the person may be invited again after that', async () => {
      const [group, email] = [freshGroup(), freshEmail()]
      await invite(group, email)
      await world().groupsAfterSignIn(email)
      const row = await rowOf(group, email)
      expect(row).toBeDefined()
      const key = row?.key ?? ''
      expect(await backend().member(key, [group])).toMatchObject({ group })
      expect(await backend().member(key, [freshGroup()])).toBeNull()
      const request = { key, actor: KARI, now: later(1), protectedGroup: null }
      expect(await backend().remove(request)).toBe('removed')
      expect(await world().groupsAfterSignIn(email)).not.toContain(group)
      expect(await backend().remove(request)).toBe('gone')
      expect((await invite(group, email)).kind).not.toBe('member')
      expect(await world().groupsAfterSignIn(email)).toContain(group)
    })

    it('the last member of the most privileged group stays', async () => {
      const [group, email] = [freshGroup(), freshEmail()]
      await invite(group, email)
      await world().groupsAfterSignIn(email)
      const key = (await rowOf(group, email))?.key ?? ''
      const outcome = await backend().remove({ key, actor: KARI, now: later(1), protectedGroup: group })
      expect(outcome).toBe('last-of-most-privileged')
      expect(await world().groupsAfterSignIn(email)).toContain(group)
    })

    it('grants: the person joins the group; a desk removal stands against a later grant', async () => {
      const [group, email] = [freshGroup(), freshEmail('grantee')]
      await backend().grant(group, { email }, T0.toISOString())
      expect(await world().groupsAfterSignIn(email)).toContain(group)
      const key = (await rowOf(group, email))?.key ?? ''
      expect(await backend().remove({ key, actor: KARI, now: later(1), protectedGroup: null })).toBe('removed')
      await backend().grant(group, { email }, later(2).toISOString())
      expect(await world().groupsAfterSignIn(email)).not.toContain(group)
    })

    it('Accounts the content mandates 2: RESPONSIBLE_GROUP takes each responsible person; one no page names leaves it, but only if the service put them there', async () => {
      const group = freshGroup()
      const [put, already] = [freshEmail('put'), freshEmail('already')]
      const person = (email: string): ResponsiblePerson => ({ name: email, email, pages: ['/potholes'] })
      // In the group before the content named them.
      await invite(group, already, 'Already There')
      await world().groupsAfterSignIn(already)
      await backend().ensureAccount(person(put), T0)
      expect(await backend().joinResponsible(person(put), group, T0)).toBe(true)
      expect(await backend().joinResponsible(person(already), group, T0)).toBe(false)
      expect(await backend().joinResponsible(person(put), group, later(1))).toBe(false)
      expect(await world().groupsAfterSignIn(put)).toContain(group)
      // Still named: nobody leaves.
      expect(await backend().leaveResponsible([person(put), person(already)], group, later(2))).toBe(0)
      // Named no more: only the one the pass put there leaves.
      expect(await backend().leaveResponsible([], group, later(3))).toBe(1)
      expect(await world().groupsAfterSignIn(put)).not.toContain(group)
      expect(await world().groupsAfterSignIn(already)).toContain(group)
      // Named again: back in.
      expect(await backend().joinResponsible(person(put), group, later(4))).toBe(true)
      expect(await world().groupsAfterSignIn(put)).toContain(group)
    })
  })
}
