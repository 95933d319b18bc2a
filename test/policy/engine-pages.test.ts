import { describe, expect, it } from 'vitest'
import { createPolicyEngine } from '../../server/policy/engine'
import type { ActionName } from '../../server/policy/request'
import { anonymous, ask, caseworker, engine, kari, ola, pothole, volunteer } from './ask'
import { site } from './site'

describe('pages', () => {
  it('open to everyone when public and to the listed groups otherwise', () => {
    expect(ask(anonymous, 'open', { type: 'Page', id: '/' }).policies).toEqual(['page:/:open'])
    expect(ask(caseworker, 'open', { type: 'Page', id: '/staff' }).policies).toEqual(['page:/staff:open:caseworkers'])
    expect(ask(volunteer, 'open', { type: 'Page', id: '/staff' }).allowed).toBe(false)
    expect(ask(anonymous, 'open', { type: 'Page', id: '/staff' }).allowed).toBe(false)
  })

  it('take suggestions from their responsible people, matched by address or phone', () => {
    expect(ask(kari, 'suggest', { type: 'Page', id: '/' }).policies).toEqual(['page:/:suggest'])
    expect(ask({ phone: '+4791234567', groups: [] }, 'suggest', { type: 'Page', id: '/' }).allowed).toBe(true)
    expect(ask(ola, 'suggest', { type: 'Page', id: '/' }).allowed).toBe(false)
    expect(ask(kari, 'suggest', { type: 'Page', id: '/staff' }).allowed).toBe(false)
  })
})

describe('createPolicyEngine', () => {
  it('compiles a site model once', () => {
    expect(createPolicyEngine(site)).toBe(engine)
  })

  it('reports every policy that allowed, in a fixed order', () => {
    expect(ask(caseworker, 'read', pothole('accepted')).policies).toEqual([
      'desk:caseworkers:read:potholes',
      'public:potholes:read:accepted',
    ])
  })

  it('denies an action the schema does not know', () => {
    const decision = engine.authorize({
      principal: caseworker,
      action: 'delete' as ActionName,
      resource: pothole('new'),
    })
    expect(decision).toEqual({ allowed: false, policies: [], errors: ['[svc] [policy] unknown action "delete"'] })
  })
})
