import { describe, expect, it } from 'vitest'
import { toCedarRequest } from '../../server/policy/entities'
import type { ResourceRef } from '../../server/policy/request'
import { anonymous, ask, caseworker, crew, kari, ola, pothole, volunteer } from './ask'

describe('Self transition: one rule is compiled per listed state', () => {
  it("lets the submitter withdraw from each listed state, naming that state's rule", () => {
    expect(ask(kari, 'self', pothole('new', 'sub-kari'), { edge: 'withdraw' })).toEqual({
      allowed: true,
      policies: ['self:potholes:withdraw:new'],
      errors: [],
    })
    expect(ask(kari, 'self', pothole('accepted', 'sub-kari'), { edge: 'withdraw' })).toEqual({
      allowed: true,
      policies: ['self:potholes:withdraw:accepted'],
      errors: [],
    })
  })

  it('denies the move from a state that is not listed', () => {
    expect(ask(kari, 'self', pothole('fixed', 'sub-kari'), { edge: 'withdraw' })).toEqual({
      allowed: false,
      policies: [],
      errors: [],
    })
  })

  it('denies another person, an anonymous visitor and an anonymous record', () => {
    expect(ask(ola, 'self', pothole('new', 'sub-kari'), { edge: 'withdraw' }).allowed).toBe(false)
    expect(ask(anonymous, 'self', pothole('new', 'sub-kari'), { edge: 'withdraw' }).allowed).toBe(false)
    expect(ask(kari, 'self', pothole('new'), { edge: 'withdraw' }).allowed).toBe(false)
  })

  it('holds a self move without `from` to the initial state', () => {
    expect(ask(kari, 'self', pothole('new', 'sub-kari'), { edge: 'cancel' }).policies).toEqual([
      'self:potholes:cancel:new',
    ])
    expect(ask(kari, 'self', pothole('accepted', 'sub-kari'), { edge: 'cancel' }).allowed).toBe(false)
  })

  it('does not let a desk move stand in for a self move', () => {
    expect(ask(kari, 'self', pothole('new', 'sub-kari'), { edge: 'accept' }).allowed).toBe(false)
  })
})

describe('Narrowed public view: a public view may be restricted to chosen states', () => {
  it('lets anyone read a record in a listed state', () => {
    expect(ask(anonymous, 'read', pothole('accepted'))).toEqual({
      allowed: true,
      policies: ['public:potholes:read:accepted'],
      errors: [],
    })
    expect(ask(ola, 'read', pothole('fixed')).policies).toEqual(['public:potholes:read:fixed'])
  })

  it('keeps records in other states and the bucket itself from the public', () => {
    expect(ask(anonymous, 'read', pothole('new')).allowed).toBe(false)
    expect(ask(anonymous, 'read', pothole('withdrawn')).allowed).toBe(false)
    expect(ask(anonymous, 'read', { type: 'Bucket', id: 'potholes' }).allowed).toBe(false)
  })

  it('gives no public read in a bucket without a public view', () => {
    const permit: ResourceRef = { type: 'Record', id: 'p1', bucket: 'permits', state: 'granted', storyline: 'plain' }
    expect(ask(anonymous, 'read', permit).allowed).toBe(false)
  })
})

describe('desks', () => {
  it('let their group read the buckets and their records', () => {
    expect(ask(caseworker, 'read', { type: 'Bucket', id: 'potholes' }).policies).toEqual([
      'desk:caseworkers:read:potholes',
    ])
    expect(ask(caseworker, 'read', pothole('new')).policies).toEqual(['desk:caseworkers:read:potholes'])
  })

  it('let their group take the declared moves from their `from` states only', () => {
    expect(ask(caseworker, 'move', pothole('new'), { edge: 'accept' })).toEqual({
      allowed: true,
      policies: ['desk:caseworkers:move:potholes'],
      errors: [],
    })
    expect(ask(caseworker, 'move', pothole('accepted'), { edge: 'accept' }).allowed).toBe(false)
    expect(ask(caseworker, 'move', pothole('new'), { edge: 'teleport' }).allowed).toBe(false)
  })

  it('let their group invite into the listed groups and open the desk', () => {
    expect(ask(caseworker, 'invite', { type: 'Group', id: 'volunteers' }).policies).toEqual([
      'desk:caseworkers:invite:volunteers',
    ])
    expect(ask(caseworker, 'invite', { type: 'Group', id: 'road_crew' }).allowed).toBe(false)
    expect(ask(caseworker, 'open', { type: 'Desk', id: 'caseworkers' }).policies).toEqual(['desk:caseworkers:open'])
    expect(ask(caseworker, 'open', { type: 'Desk', id: 'road_crew' }).allowed).toBe(false)
  })

  it('give other groups nothing', () => {
    expect(ask(volunteer, 'read', pothole('new')).allowed).toBe(false)
    expect(ask(volunteer, 'move', pothole('new'), { edge: 'accept' }).allowed).toBe(false)
    expect(ask(volunteer, 'open', { type: 'Desk', id: 'caseworkers' }).allowed).toBe(false)
    expect(ask(crew, 'read', { type: 'Bucket', id: 'permits' }).allowed).toBe(false)
  })

  it('deny a move that names no edge, and say why', () => {
    const decision = ask(caseworker, 'move', pothole('new'))
    expect(decision.allowed).toBe(false)
    expect(decision.errors.join('\n')).toMatch(/^\[svc\] \[policy\] desk:caseworkers:move:potholes: .*edge/)
  })
})

describe("a person's groups", () => {
  it('are the parents of their User entity, as the claim lists them', () => {
    const { principal, entities } = toCedarRequest({
      principal: { subject: 's', groups: ['caseworkers', 'volunteers'] },
      action: 'read',
      resource: pothole('new'),
    })
    expect(principal).toEqual({ type: 'User', id: 's' })
    expect(entities[0]).toEqual({
      uid: { type: 'User', id: 's' },
      attrs: { signedIn: true, subject: 's' },
      parents: [
        { type: 'Group', id: 'caseworkers' },
        { type: 'Group', id: 'volunteers' },
      ],
    })
    expect(entities[1]).toMatchObject({
      uid: { type: 'Record', id: 'r-new' },
      parents: [{ type: 'Bucket', id: 'potholes' }],
    })
  })

  it('decide what the same person may do', () => {
    const person = { subject: 'sub-x', groups: [] }
    expect(ask(person, 'read', pothole('new')).allowed).toBe(false)
    expect(ask({ ...person, groups: ['volunteers', 'caseworkers'] }, 'read', pothole('new')).allowed).toBe(true)
  })

  it('are none for an anonymous visitor, who is not signed in', () => {
    expect(
      toCedarRequest({ principal: null, action: 'file', resource: { type: 'Bucket', id: 'potholes' } }).entities,
    ).toEqual([{ uid: { type: 'User', id: '' }, attrs: { signedIn: false }, parents: [] }])
  })
})

describe('forms', () => {
  it('let anyone file and upload into a `sign_in: optional` bucket', () => {
    expect(ask(anonymous, 'file', { type: 'Bucket', id: 'potholes' }).policies).toEqual(['form:potholes:file'])
    expect(ask(anonymous, 'upload', { type: 'Bucket', id: 'potholes' }).policies).toEqual(['form:potholes:upload'])
  })

  it('let only signed-in people file into a `sign_in: required` bucket', () => {
    expect(ask(anonymous, 'file', { type: 'Bucket', id: 'permits' }).allowed).toBe(false)
    expect(ask(ola, 'file', { type: 'Bucket', id: 'permits' }).policies).toEqual(['form:permits:file'])
  })

  it('give no upload to a bucket without a file field', () => {
    expect(ask(ola, 'upload', { type: 'Bucket', id: 'permits' }).allowed).toBe(false)
  })
})

describe("the content's policy files", () => {
  it('grant more than the desks do, under their file ids', () => {
    const permit: ResourceRef = { type: 'Record', id: 'p1', bucket: 'permits', state: 'applied', storyline: 'story' }
    expect(ask(volunteer, 'read', permit)).toEqual({ allowed: true, policies: ['policy/extra.cedar#1'], errors: [] })
  })

  it('forbid what a desk would allow, naming the forbid', () => {
    expect(ask(crew, 'move', pothole('new'), { edge: 'accept' }).allowed).toBe(true)
    expect(ask(crew, 'move', pothole('accepted'), { edge: 'fix' })).toEqual({
      allowed: false,
      policies: ['policy/extra.cedar#2'],
      errors: [],
    })
  })
})
