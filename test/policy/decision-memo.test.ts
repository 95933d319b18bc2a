// Performance issue, rule 2: decisions that depend only on the content and
// who asks are made once per (content version, asker), not per link per
// request; the memo must still answer exactly what Cedar would.
import { describe, expect, it } from 'vitest'
import { createDecisionMemo } from '../../server/policy/decision-memo'
import { createPolicyEngine } from '../../server/policy/engine'
import type { AuthorizationRequest, Decision } from '../../server/policy/request'
import { site } from './site'

const pothole = (state: string) =>
  ({ type: 'Record', id: 'r1', bucket: 'potholes', state, storyline: 'plain', submitter: 'sub-kari' }) as const

describe('policy decisions, remembered per content version', () => {
  it('answers a repeat from memory and every changed part of a request afresh', () => {
    let asked = 0
    const memo = createDecisionMemo()
    const decide = (allowed: boolean) => (): Decision => {
      asked++
      return { allowed, policies: [], errors: [] }
    }
    const request: AuthorizationRequest = {
      principal: { subject: 'kari', groups: ['a', 'b'] },
      action: 'self',
      resource: pothole('new'),
      context: { edge: 'withdraw' },
    }
    expect(memo.get(request, decide(true)).allowed).toBe(true)
    // Same asker with groups listed in another order: the same question.
    expect(memo.get({ ...request, principal: { subject: 'kari', groups: ['b', 'a'] } }, decide(false)).allowed).toBe(
      true,
    )
    expect(asked).toBe(1)
    const changed: AuthorizationRequest[] = [
      { ...request, principal: { subject: 'kari', groups: ['a'] } },
      { ...request, principal: { subject: 'ola', groups: ['a', 'b'] } },
      { ...request, principal: null },
      { ...request, action: 'move' },
      { ...request, resource: pothole('accepted') },
      { ...request, context: { edge: 'cancel' } },
    ]
    for (const other of changed) expect(memo.get(other, decide(false)).allowed).toBe(false)
    expect(asked).toBe(1 + changed.length)
  })

  it('forgets its answers when full, and asks Cedar again', () => {
    let asked = 0
    const memo = createDecisionMemo(2)
    const ask = (id: string) =>
      memo.get({ principal: null, action: 'open', resource: { type: 'Page', id } }, () => {
        asked++
        return { allowed: true, policies: [], errors: [] }
      })
    for (const id of ['/a', '/b', '/c', '/a']) ask(id)
    expect(asked).toBe(4)
    // '/c' and '/a' were asked since it was last emptied.
    ask('/c')
    expect(asked).toBe(4)
  })

  it("the engine's remembered answers equal Cedar's for the same requests", () => {
    const engine = createPolicyEngine(site)
    const fresh = createPolicyEngine({ ...site })
    const askers = [null, { subject: 'kari', groups: ['caseworkers'] }, { subject: 'ola', groups: [] }]
    for (const principal of askers) {
      for (const state of ['new', 'accepted', 'fixed']) {
        const request: AuthorizationRequest = {
          principal,
          action: 'self',
          resource: pothole(state),
          context: { edge: 'withdraw' },
        }
        const first = engine.authorize(request)
        expect(engine.authorize(request)).toBe(first)
        expect(fresh.authorize(request)).toEqual(first)
      }
    }
  })
})
