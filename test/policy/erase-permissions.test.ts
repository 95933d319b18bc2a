// Issue 29: who may erase a case's personal data, asked on the demo content
// (caseworkers' desk says erase: true; potholes says self_erase: true).
import { beforeAll, describe, expect, it } from 'vitest'
import type { Desk, SiteModel } from '../../server/content/model'
import { createPolicyEngine, type PolicyEngine } from '../../server/policy/engine'
import { mayErase, mayEraseOwn, type Caller } from '../../server/policy/questions'
import type { RecordView } from '../../server/records/types'
import { loadDemo } from '../support/demo-site'

let site: SiteModel
let policy: PolicyEngine
beforeAll(async () => {
  site = await loadDemo()
  policy = createPolicyEngine(site)
})

const kari: Caller = { principal: { subject: 'sub-kari', groups: ['caseworkers'] }, submitter: 'sub-kari' }
const rolf: Caller = { principal: { subject: 'sub-rolf', groups: ['road_crew'] }, submitter: 'sub-rolf' }
const nora: Caller = { principal: { subject: 'sub-nora', groups: [] }, submitter: 'sub-nora' }
const anonymousFiler: Caller = { principal: null, submitter: 'session:anon-1' }

function pothole(submitter: string, state = 'accepted'): RecordView {
  const time = '2030-01-01T00:00:00.000Z'
  const base = { storyline: 'plain', fields: {}, filedAt: time, enteredAt: time, filedSeq: 1, seq: 1 }
  return { ...base, id: 'p1', bucket: 'potholes', state, submitter }
}
const desk = (name: string): Desk => {
  const found = site.desks.get(name)
  if (found === undefined) throw new Error(`no desk ${name}`)
  return found
}

describe('erasure on request: a desk with erase: true', () => {
  it('lets its group erase a case of its buckets, in any state', () => {
    expect(mayErase(policy, kari, desk('caseworkers'), pothole('sub-nora'))).toBe(true)
    expect(mayErase(policy, kari, desk('caseworkers'), pothole('sub-nora', 'closed'))).toBe(true)
  })

  it('a desk without erase: true, or a person not in its group, may not', () => {
    expect(mayErase(policy, rolf, desk('road_crew'), pothole('sub-nora'))).toBe(false)
    expect(mayErase(policy, rolf, desk('caseworkers'), pothole('sub-nora'))).toBe(false)
    expect(mayErase(policy, nora, desk('caseworkers'), pothole('sub-nora'))).toBe(false)
  })
})

describe('self_erase: the submitter erases their own case', () => {
  it('the person who filed it, signed in or by their browser, may', () => {
    expect(mayEraseOwn(policy, nora, bucket(), pothole('sub-nora'))).toBe(true)
    expect(mayEraseOwn(policy, anonymousFiler, bucket(), pothole('session:anon-1'))).toBe(true)
  })

  it('nobody else may, staff included', () => {
    expect(mayEraseOwn(policy, nora, bucket(), pothole('sub-other'))).toBe(false)
    expect(mayEraseOwn(policy, kari, bucket(), pothole('sub-nora'))).toBe(false)
    expect(mayEraseOwn(policy, anonymousFiler, bucket(), pothole('session:anon-2'))).toBe(false)
  })

  it('a bucket without self_erase: true gives no one that', () => {
    expect(mayEraseOwn(policy, nora, { ...bucket(), selfErase: false }, pothole('sub-nora'))).toBe(false)
  })
})

function bucket() {
  const found = site.buckets.get('potholes')
  if (found === undefined) throw new Error('no potholes bucket')
  return found
}
