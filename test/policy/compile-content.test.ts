import { describe, expect, it } from 'vitest'
import { useCedar } from '../../server/policy/cedar'
import { loadContent, readCompileOptions } from '../../server/content/load'
import { createLocalSource } from '../../server/content/sources/local'
import { compileContentPolicies } from '../../server/policy/compile-content'
import { POLICY_ACTIONS, POLICY_SCHEMA } from '../../server/policy/schema'
import { extraPolicy, site } from './site'

function validate(policies: Record<string, string>) {
  const answer = useCedar().validate({
    schema: POLICY_SCHEMA,
    policies: { staticPolicies: policies },
    validationSettings: { mode: 'strict' },
  })
  if (answer.type === 'failure') return answer.errors.map((e) => e.message)
  return [...answer.validationErrors, ...answer.validationWarnings].map((v) => `${v.policyId}: ${v.error.message}`)
}

describe('compileContentPolicies', () => {
  const policies = compileContentPolicies(site)

  it('gives every rule a stable id, the content files last', () => {
    expect(Object.keys(policies)).toEqual([
      'desk:caseworkers:read:potholes',
      'desk:caseworkers:move:potholes',
      'desk:caseworkers:read:permits',
      'desk:caseworkers:move:permits',
      'desk:caseworkers:invite:caseworkers',
      'desk:caseworkers:invite:volunteers',
      'desk:caseworkers:open',
      'desk:road_crew:read:potholes',
      'desk:road_crew:move:potholes',
      'desk:road_crew:open',
      'public:potholes:read:accepted',
      'public:potholes:read:fixed',
      'self:potholes:withdraw:new',
      'self:potholes:withdraw:accepted',
      'self:potholes:cancel:new',
      'page:/:open',
      'page:/:suggest',
      'page:/staff:open:caseworkers',
      'form:potholes:file',
      'form:potholes:upload',
      'form:permits:file',
      'policy/extra.cedar#1',
      'policy/extra.cedar#2',
    ])
    expect(compileContentPolicies(site)).toEqual(policies)
  })

  it('writes rules that validate against the schema in strict mode', () => {
    expect(validate({ ...policies })).toEqual([])
  })

  it('writes rules for the demo site that validate too', async () => {
    const { site: demo } = await loadContent(createLocalSource('examples/demo'), readCompileOptions({}))
    if (!demo) throw new Error('the demo site does not compile')
    expect(validate({ ...compileContentPolicies(demo) })).toEqual([])
  })

  it('keeps a quote in a page path inside its string', () => {
    const odd = { ...site, pages: [{ ...site.pages[0]!, path: '/a"b\\c' }] }
    const compiled = compileContentPolicies(odd)
    expect(compiled['page:/a"b\\c:open']).toBe(
      'permit (principal, action == Action::"open", resource == Page::"/a\\"b\\\\c");',
    )
    expect(validate({ ...compiled })).toEqual([])
  })

  it('files for the groups of a restricted page only', () => {
    const staffForm = { ...site.pages[1]!, blocks: [{ kind: 'form' as const, bucket: 'permits' }] }
    const compiled = compileContentPolicies({ ...site, pages: [staffForm] })
    expect(Object.keys(compiled).filter((id) => id.startsWith('form:'))).toEqual(['form:permits:file:caseworkers'])
  })

  it('takes the content files as written', () => {
    expect(policies['policy/extra.cedar#2']).toBe(extraPolicy.split('\n')[2])
  })
})

describe('POLICY_ACTIONS', () => {
  it('are the actions the schema declares', () => {
    const answer = useCedar().schemaToJson(POLICY_SCHEMA)
    if (answer.type !== 'success') throw new Error('schema does not convert')
    expect(Object.keys(answer.json['']?.actions ?? {}).sort()).toEqual([...POLICY_ACTIONS].sort())
  })
})
