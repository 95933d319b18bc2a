// Every question server/policy/questions.ts answers, asked for the demo
// site's people on the demo content as compiled and the real Cedar engine.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SiteModel } from '../../server/content/model'
import { createPolicyEngine, type PolicyEngine } from '../../server/policy/engine'
import {
  mayFile,
  mayInvite,
  mayMove,
  mayOpenDesk,
  mayOpenPage,
  mayReadBucket,
  mayReadDeskBucket,
  mayReadRecord,
  mayTakeSelfMove,
  openableDesks,
  recordAccess,
  recordResource,
  type Caller,
} from '../../server/policy/questions'
import type { RecordView } from '../../server/records/types'
import { findDeskRecord } from '../../server/desk/find-record'
import { loadDemo } from '../support/demo-site'
import { DEMO } from '../support/server'

let site: SiteModel
let policy: PolicyEngine
beforeAll(async () => {
  site = await loadDemo()
  policy = createPolicyEngine(site)
})

// The people of test/desk/desk-world.ts, plus the visitors around them.
const PEOPLE = {
  anonymous: { principal: null },
  anonymousFiler: { principal: null, submitter: 'session:anon-1' },
  resident: { principal: { subject: 'sub-nora', email: 'nora@example.org', groups: [] }, submitter: 'sub-nora' },
  kari: {
    principal: { subject: 'sub-kari', email: 'kari@example.org', groups: ['caseworkers'] },
    submitter: 'sub-kari',
  },
  rolf: { principal: { subject: 'sub-rolf', email: 'rolf@example.org', groups: ['road_crew'] }, submitter: 'sub-rolf' },
  vera: {
    principal: { subject: 'sub-vera', email: 'vera@example.org', groups: ['volunteers'] },
    submitter: 'sub-vera',
  },
} satisfies Record<string, Caller>
type Person = keyof typeof PEOPLE
const ORDER: readonly Person[] = ['anonymous', 'anonymousFiler', 'resident', 'kari', 'rolf', 'vera']

function record(bucket: string, state: string, submitter: string): RecordView {
  const time = '2030-01-01T00:00:00.000Z'
  return {
    id: `${bucket}-${state}-${submitter.length}`,
    bucket,
    storyline: 'plain',
    state,
    fields: {},
    submitter,
    filedAt: time,
    enteredAt: time,
    filedSeq: 1,
    seq: 1,
  }
}
const RECORDS = {
  residentsNew: record('potholes', 'new', 'sub-nora'),
  residentsFixed: record('potholes', 'fixed', 'sub-nora'),
  anonymousNew: record('potholes', 'new', 'session:anon-1'),
  activeDistrict: record('districts', 'active', 'sub-kari'),
  retiredDistrict: record('districts', 'retired', 'sub-kari'),
}

const page = (path: string) => site.pages.find((p) => p.path === path) ?? expect.fail(`no page ${path}`)
const bucket = (name: string) => site.buckets.get(name) ?? expect.fail(`no bucket ${name}`)
const desk = (name: string) => site.desks.get(name) ?? expect.fail(`no desk ${name}`)

type Answer = boolean | string | null
interface Question {
  readonly question: string
  readonly ask: (caller: Caller) => Answer
  /** In ORDER: anonymous, anonymous filer, resident, Kari, Rolf, Vera. */
  readonly answers: readonly Answer[]
}

const QUESTIONS: readonly Question[] = [
  {
    question: 'open the home page',
    ask: (c) => mayOpenPage(policy, c, page('/')),
    answers: [true, true, true, true, true, true],
  },
  {
    question: 'open /staff (caseworkers)',
    ask: (c) => mayOpenPage(policy, c, page('/staff')),
    answers: [false, false, false, true, false, false],
  },
  {
    question: 'open /street-watch (volunteers, caseworkers)',
    ask: (c) => mayOpenPage(policy, c, page('/street-watch')),
    answers: [false, false, false, true, false, true],
  },
  {
    question: 'read the potholes bucket',
    ask: (c) => mayReadBucket(policy, c, 'potholes'),
    answers: [false, false, false, true, true, true],
  },
  {
    question: 'read the districts bucket (policy/extra.cedar adds the road crew)',
    ask: (c) => mayReadBucket(policy, c, 'districts'),
    answers: [false, false, false, true, true, false],
  },
  {
    question: 'read a new pothole report (not public)',
    ask: (c) => mayReadRecord(policy, c, RECORDS.residentsNew),
    answers: [false, false, false, true, true, true],
  },
  {
    question: 'see a new pothole report the resident filed',
    ask: (c) => recordAccess(policy, c, bucket('potholes'), RECORDS.residentsNew),
    answers: [null, null, 'all', 'all', 'all', 'all'],
  },
  {
    question: 'see a repaired pothole report (public state)',
    ask: (c) => recordAccess(policy, c, bucket('potholes'), RECORDS.residentsFixed),
    answers: ['public', 'public', 'all', 'all', 'all', 'all'],
  },
  {
    question: 'see an anonymous new report',
    ask: (c) => recordAccess(policy, c, bucket('potholes'), RECORDS.anonymousNew),
    answers: [null, 'all', null, 'all', 'all', 'all'],
  },
  {
    question: 'see a retired district',
    ask: (c) => recordAccess(policy, c, bucket('districts'), RECORDS.retiredDistrict),
    answers: [null, null, null, 'all', 'all', null],
  },
  {
    question: 'file a pothole report (public form)',
    ask: (c) => mayFile(policy, c, bucket('potholes')),
    answers: [true, true, true, true, true, true],
  },
  {
    question: 'file a district (form on /staff)',
    ask: (c) => mayFile(policy, c, bucket('districts')),
    answers: [false, false, false, true, false, false],
  },
  {
    question: "withdraw the resident's new report",
    ask: (c) => mayTakeSelfMove(policy, c, bucket('potholes'), RECORDS.residentsNew, 'withdraw'),
    answers: [false, false, true, false, false, false],
  },
  {
    question: 'withdraw the anonymous new report',
    ask: (c) => mayTakeSelfMove(policy, c, bucket('potholes'), RECORDS.anonymousNew, 'withdraw'),
    answers: [false, true, false, false, false, false],
  },
  {
    question: "say the resident's repaired report is still broken",
    ask: (c) => mayTakeSelfMove(policy, c, bucket('potholes'), RECORDS.residentsFixed, 'still_broken'),
    answers: [false, false, true, false, false, false],
  },
  {
    question: 'withdraw a repaired report (not from that state)',
    ask: (c) => mayTakeSelfMove(policy, c, bucket('potholes'), RECORDS.residentsFixed, 'withdraw'),
    answers: [false, false, false, false, false, false],
  },
  {
    question: 'open the case desk',
    ask: (c) => mayOpenDesk(policy, c, desk('caseworkers')),
    answers: [false, false, false, true, false, false],
  },
  {
    question: 'open the road crew desk',
    ask: (c) => mayOpenDesk(policy, c, desk('road_crew')),
    answers: [false, false, false, false, true, false],
  },
  {
    question: 'read potholes on the case desk',
    ask: (c) => mayReadDeskBucket(policy, c, desk('caseworkers'), 'potholes'),
    answers: [false, false, false, true, false, false],
  },
  {
    question: 'read districts on the case desk',
    ask: (c) => mayReadDeskBucket(policy, c, desk('caseworkers'), 'districts'),
    answers: [false, false, false, true, false, false],
  },
  {
    question: 'read potholes on the road crew desk',
    ask: (c) => mayReadDeskBucket(policy, c, desk('road_crew'), 'potholes'),
    answers: [false, false, false, false, true, false],
  },
  {
    question: 'read districts on the road crew desk (not one of its buckets)',
    ask: (c) => mayReadDeskBucket(policy, c, desk('road_crew'), 'districts'),
    answers: [false, false, false, false, false, false],
  },
  {
    question: 'accept a new pothole report',
    ask: (c) => mayMove(policy, c, RECORDS.residentsNew, 'accept'),
    answers: [false, false, false, true, true, true],
  },
  {
    // The demo's policy/extra.cedar leaves volunteers only the accept move on their desk.
    question: 'reject a new pothole report',
    ask: (c) => mayMove(policy, c, RECORDS.residentsNew, 'reject'),
    answers: [false, false, false, true, true, false],
  },
  {
    question: 'fix a new pothole report (not from that state)',
    ask: (c) => mayMove(policy, c, RECORDS.residentsNew, 'fix'),
    answers: [false, false, false, false, false, false],
  },
  {
    question: 'retire an active district',
    ask: (c) => mayMove(policy, c, RECORDS.activeDistrict, 'retire'),
    answers: [false, false, false, true, false, false],
  },
  {
    question: 'invite into volunteers from the case desk',
    ask: (c) => mayInvite(policy, c, desk('caseworkers'), 'volunteers'),
    answers: [false, false, false, true, false, false],
  },
  {
    question: 'invite into caseworkers from the case desk',
    ask: (c) => mayInvite(policy, c, desk('caseworkers'), 'caseworkers'),
    answers: [false, false, false, true, false, false],
  },
  {
    question: 'invite into road_crew from the road crew desk',
    ask: (c) => mayInvite(policy, c, desk('road_crew'), 'road_crew'),
    answers: [false, false, false, false, true, false],
  },
  {
    question: 'invite into volunteers from the road crew desk (not in its invites)',
    ask: (c) => mayInvite(policy, c, desk('road_crew'), 'volunteers'),
    answers: [false, false, false, false, false, false],
  },
  {
    question: 'list the desks one may open',
    ask: (c) =>
      openableDesks(site, policy, c)
        .map((d) => d.name)
        .join(',') || null,
    answers: [null, null, null, 'caseworkers', 'road_crew', 'street_watch'],
  },
]

describe("One permission module: every question against the demo site's people", () => {
  for (const { question, ask, answers } of QUESTIONS) {
    it(question, () => {
      expect(Object.fromEntries(ORDER.map((person) => [person, ask(PEOPLE[person])]))).toEqual(
        Object.fromEntries(ORDER.map((person, i) => [person, answers[i]])),
      )
    })
  }
})

describe("One recordResource: resource.submitter is a signed-in filer's subject only", () => {
  it('gives a signed-in filing its subject and an anonymous one only its session digest', () => {
    expect(recordResource(RECORDS.residentsNew)).toMatchObject({ submitter: 'sub-nora' })
    expect(recordResource(RECORDS.residentsNew)).not.toHaveProperty('session')
    const anonymous = recordResource(RECORDS.anonymousNew)
    expect(anonymous).toMatchObject({ submitter: undefined, session: 'anon-1' })
  })

  it('gives a `sign_in: none` filing neither', () => {
    const resource = recordResource(record('potholes', 'new', ''))
    expect(resource).toMatchObject({ submitter: undefined })
    expect(resource).not.toHaveProperty('session')
  })
})

describe('One recordResource: a policy/ rule on resource.submitter reads the same on pages and desks', () => {
  it('hides an anonymous filing from a rule that needs a submitter, on the record page and the desk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-demo-'))
    try {
      await cp(DEMO, dir, { recursive: true })
      await writeFile(
        join(dir, 'policy/signed-in-only.cedar'),
        'forbid (principal, action == Action::"read", resource is Record) unless { resource has submitter };\n',
      )
      const strict = await loadDemo(dir)
      const engine = createPolicyEngine(strict)
      const potholes = strict.buckets.get('potholes') ?? expect.fail('no potholes')
      const onDesk = (view: RecordView) =>
        findDeskRecord(
          { site: strict, policy: engine, principal: PEOPLE.kari.principal },
          { desk: 'caseworkers', bucket: 'potholes', id: view.id },
          async () => view,
        )
      expect(recordAccess(engine, PEOPLE.kari, potholes, RECORDS.anonymousNew)).toBeNull()
      expect(await onDesk(RECORDS.anonymousNew)).toEqual({ refused: 'not-found' })
      expect(recordAccess(engine, PEOPLE.kari, potholes, RECORDS.residentsNew)).toBe('all')
      expect(await onDesk(RECORDS.residentsNew)).toMatchObject({ view: RECORDS.residentsNew })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
