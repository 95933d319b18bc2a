// Access questions: request/reply on svc.access.ask, answered by the policy engine.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activateAtSignIn } from '../../server/people/activate-at-sign-in'
import { invitePerson } from '../../server/people/invite-person'
import { createInvites } from '../../server/people/invites'
import { createMemberships, type Memberships } from '../../server/people/memberships'
import { removeMember } from '../../server/people/remove-member'
import { createPeopleDirectory, type PeopleDirectory } from '../../server/people/people-directory'
import { ACCESS_SUBJECT, respondToAccessQuestions } from '../../server/access-questions/responder'
import { createLocalBus } from '../../server/bus/local'
import { decodeJson } from '../../server/bus/payload'
import type { Bus } from '../../server/bus/types'
import type { SiteModel } from '../../server/content/model'
import { createPolicyEngine } from '../../server/policy/engine'
import { ensureRecordStreams } from '../../server/records/streams'
import { ensureMailStream } from '../../server/mail/mail-stream'
import { loadDemo } from '../support/demo-site'

let bus: Bus
let dir: string
let directory: PeopleDirectory
let memberships: Memberships
let site: SiteModel
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-access-'))
  bus = await createLocalBus({ dataDir: dir })
  directory = createPeopleDirectory(await bus.kv('svc_people'))
  memberships = createMemberships(bus)
  site = await loadDemo()
  const engine = createPolicyEngine(site)
  await respondToAccessQuestions(bus, () => ({ engine, directory, memberships, phoneCountry: '+47' }))
})
afterAll(async () => {
  await bus.close()
  rmSync(dir, { recursive: true, force: true })
})

const ask = async (question: unknown) =>
  decodeJson<Record<string, unknown>>(
    await bus.request(
      ACCESS_SUBJECT,
      typeof question === 'string' ? new TextEncoder().encode(question) : (question as object),
      { timeoutMs: 2000 },
    ),
  )

describe('access questions', () => {
  it('answers allow with the deciding policy for a person whose groups are given', async () => {
    const answer = await ask({
      principal: { email: 'kari@example.org', groups: ['caseworkers'] },
      action: 'read',
      resource: { type: 'Bucket', id: 'potholes' },
      context: {},
    })
    expect(answer.decision).toBe('allow')
    expect(answer.policies).toContain('desk:caseworkers:read:potholes')
  })

  it('answers deny for a group the content gives nothing', async () => {
    const answer = await ask({
      principal: { subject: 'x1', groups: ['strangers'] },
      action: 'read',
      resource: { type: 'Bucket', id: 'potholes' },
    })
    expect(answer).toEqual({ decision: 'deny', policies: [] })
  })

  it('Authentication 6: a question naming a person without groups looks their groups up', async () => {
    await directory.remember({ subject: 'sub-kari', email: 'kari@example.org', phone: '+4791234567' }, ['caseworkers'])
    for (const principal of [{ subject: 'sub-kari' }, { email: 'KARI@example.org' }, { phone: '91234567' }]) {
      const answer = await ask({ principal, action: 'read', resource: { type: 'Bucket', id: 'potholes' } })
      expect(answer.decision, JSON.stringify(principal)).toBe('allow')
    }
    const stranger = await ask({
      principal: { email: 'nobody@example.org' },
      action: 'read',
      resource: { type: 'Bucket', id: 'potholes' },
    })
    expect(stranger.decision).toBe('deny')
  })

  it('Membership rule 6 / Authentication 6: an active service-kept membership answers an access question that names the person by address or phone', async () => {
    await ensureRecordStreams(bus)
    await ensureMailStream(bus)
    const deps = { bus, memberships, invites: createInvites(bus), site, publicUrl: 'http://127.0.0.1:1', ttlHours: 168 }
    const now = new Date('2026-03-01T12:00:00Z')
    const actor = { kind: 'person', subject: 'sub-kari' } as const
    const outcome = await invitePerson(deps, {
      group: 'volunteers',
      desk: 'caseworkers',
      name: 'Vera Volunteer',
      contact: { email: 'vera@example.org' },
      actor,
      source: 'invite',
      now,
    })
    expect(outcome.kind).toBe('invited')
    const opens = async (principal: object) =>
      (await ask({ principal, action: 'open', resource: { type: 'Desk', id: 'street_watch' } })).decision
    // Invited is not yet a member.
    expect(await opens({ email: 'vera@example.org' })).toBe('deny')

    const user = { subject: 'sub-vera', email: 'vera@example.org', phone: '+4798765432', groups: [] }
    await activateAtSignIn(deps, user, now)
    // The directory of provider groups never heard of her: the answer is the membership's.
    expect(await directory.groupsOf(user)).toBeNull()
    for (const principal of [{ email: 'Vera@Example.org' }, { phone: '987 65 432' }, { subject: 'sub-vera' }])
      expect(await opens(principal), JSON.stringify(principal)).toBe('allow')
    // The membership gives what the volunteers' desk gives, no more.
    expect(await opens({ email: 'kari-not@example.org' })).toBe('deny')
    const other = await ask({
      principal: { email: 'vera@example.org' },
      action: 'open',
      resource: { type: 'Desk', id: 'caseworkers' },
    })
    expect(other.decision).toBe('deny')

    const [kept] = (await memberships.view()).matching({ subject: 'sub-vera' })
    expect(await removeMember(deps, { key: kept?.key ?? '', actor, now, protectedGroup: null })).toBe('removed')
    expect(await opens({ phone: '+4798765432' })).toBe('deny')
  })

  it('replies with an error, never a crash, to a bad question', async () => {
    expect((await ask('not json')).error).toBe('the question is not JSON')
    expect(String((await ask({ principal: {}, action: 'read', resource: { type: 'Bucket', id: 'b' } })).error)).toMatch(
      /subject, email or phone/,
    )
    expect(
      String(
        (await ask({ principal: { subject: 's' }, action: 'destroy', resource: { type: 'Bucket', id: 'b' } })).error,
      ),
    ).toMatch(/^bad question/)
    expect(
      String((await ask({ principal: { subject: 's' }, action: 'read', resource: { type: 'Planet', id: 'b' } })).error),
    ).toMatch(/^bad question/)
    expect(
      String((await ask({ principal: { phone: 'abc' }, action: 'read', resource: { type: 'Bucket', id: 'b' } })).error),
    ).toMatch(/not a phone number/)
    // Still answering after all that.
    expect(
      (
        await ask({
          principal: { subject: 's', groups: ['caseworkers'] },
          action: 'read',
          resource: { type: 'Bucket', id: 'potholes' },
        })
      ).decision,
    ).toBe('allow')
  })
})
