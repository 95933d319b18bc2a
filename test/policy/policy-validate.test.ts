import { describe, expect, it } from 'vitest'
import { useCedar } from '../../server/policy/cedar'
import { POLICY_SCHEMA } from '../../server/policy/schema'
import { compilePolicySet, validatePolicyFiles } from '../../server/policy/validate'

const readPotholes =
  'permit (principal in Group::"caseworkers", action == Action::"read", resource in Bucket::"potholes");'

function check(text: string, file = 'policy/staff.cedar') {
  return validatePolicyFiles([{ file, text }])
}

function errors(text: string) {
  return check(text).filter((d) => d.severity === 'error')
}

describe('policy schema', () => {
  it('parses and declares the fixed vocabulary', () => {
    const cedar = useCedar()
    expect(cedar.checkParseSchema(POLICY_SCHEMA)).toEqual({ type: 'success' })
    const answer = cedar.schemaToJson(POLICY_SCHEMA)
    if (answer.type !== 'success') throw new Error('schema does not convert')
    expect(answer.warnings).toEqual([])
    const types = answer.json['']
    expect(Object.keys(types?.entityTypes ?? {}).sort()).toEqual(['Bucket', 'Desk', 'Group', 'Page', 'Record', 'User'])
    expect(Object.keys(types?.actions ?? {}).sort()).toEqual([
      'erase',
      'file',
      'invite',
      'move',
      'open',
      'read',
      'self',
      'suggest',
      'upload',
    ])
  })
})

describe('validatePolicyFiles', () => {
  it('accepts a group reading a bucket', () => {
    expect(check(readPotholes)).toEqual([])
  })

  it('accepts an empty or comment-only file', () => {
    expect(
      validatePolicyFiles([
        { file: 'policy/a.cedar', text: '' },
        { file: 'policy/b.cedar', text: '// nothing yet\n' },
      ]),
    ).toEqual([])
  })

  it('accepts the attributes and contexts the service provides', () => {
    const text = [
      'permit (principal, action == Action::"self", resource is Record in Bucket::"potholes")',
      '  when { context.from == resource.state && context.edge == "withdraw" && resource has submitter &&',
      '         principal has subject && resource.submitter == principal.subject };',
      'permit (principal in Group::"desk", action == Action::"move", resource in Bucket::"potholes") when { ' +
        'context.edge == "close" };',
      'permit (principal, action in [Action::"open", Action::"suggest"], resource is Page);',
      'permit (principal in Group::"staff", action == Action::"invite", resource == Group::"volunteers");',
    ].join('\n')
    expect(check(text)).toEqual([])
  })

  it('reports a syntax error at its line and column', () => {
    const diagnostics = check(`${readPotholes}\npermit (principal action, resource);\n`)
    expect(diagnostics).toHaveLength(1)
    expect(diagnostics[0]).toMatchObject({
      file: 'policy/staff.cedar',
      line: 2,
      col: 19,
      severity: 'error',
      rule: 'cedar-syntax',
    })
    expect(diagnostics[0]?.message).toMatch(/^unexpected token `action`; expected /)
  })

  it('reports every syntax error the parser recovers from', () => {
    const text = 'permit (principal action, resource);\nforbid (principal, action, resource) when { 1 + };'
    expect(check(text).map((d) => [d.line, d.col, d.rule])).toEqual([
      [1, 19, 'cedar-syntax'],
      [2, 49, 'cedar-syntax'],
    ])
  })

  it('reports an unknown entity type where it is written', () => {
    const text = `// potholes\npermit (principal, action == Action::"read", resource in Bucke::"x");`
    expect(errors(text)).toEqual([
      {
        file: 'policy/staff.cedar',
        line: 2,
        col: 58,
        severity: 'error',
        rule: 'cedar-validation',
        message: 'unrecognized entity type `Bucke`; did you mean `Bucket`?',
      },
    ])
  })

  it('reports an unknown action', () => {
    const [first, ...rest] = errors('permit (principal, action == Action::"delete", resource);')
    expect(rest).toEqual([])
    expect(first).toMatchObject({ line: 1, col: 30, rule: 'cedar-validation' })
    expect(first?.message).toContain('Action::"delete"')
  })

  it('reports an attribute the schema does not declare', () => {
    const text =
      'permit (principal, action == Action::"read", resource is Record)\n  when { resource.colour == "red" };'
    expect(errors(text)).toEqual([
      {
        file: 'policy/staff.cedar',
        line: 2,
        col: 10,
        severity: 'error',
        rule: 'cedar-validation',
        message: 'attribute `colour` on entity type `Record` not found; did you mean `state`?',
      },
    ])
  })

  it('keeps cedar warnings as warnings', () => {
    const diagnostics = check('\n  permit (principal, action, resource) when { principal has colour };')
    expect(diagnostics).toHaveLength(1)
    expect(diagnostics[0]).toMatchObject({ line: 2, col: 3, severity: 'warning', rule: 'cedar-validation' })
    expect(diagnostics[0]?.message).toMatch(/^policy is impossible/)
  })

  it('pins each error to the file it is in', () => {
    const diagnostics = validatePolicyFiles([
      {
        file: 'policy/a.cedar',
        text: `${readPotholes}\n\npermit (principal, action, resource is Record) when { resource.colour == "red" };`,
      },
      { file: 'policy/b.cedar', text: `permit (principal, action == Action::"read", resource in Bucke::"x");` },
      { file: 'policy/c.cedar', text: readPotholes },
    ]).filter((d) => d.severity === 'error')
    expect(diagnostics.map((d) => [d.file, d.line, d.col])).toEqual([
      ['policy/a.cedar', 3, 55],
      ['policy/b.cedar', 1, 58],
    ])
  })

  it('counts a multi-byte character as one column', () => {
    const text =
      'permit (principal, action == Action::"read", resource is Record) when { resource.storyline == "café 😀" || ' +
      'resource.colour == "x" };'
    const diagnostics = errors(text)
    expect(diagnostics.map((d) => [d.line, d.col])).toEqual([[1, 107]])
    expect([...text].slice(106).join('')).toMatch(/^resource\.colour/)
  })

  it('reports a template, which a policy file cannot hold, against the whole file', () => {
    expect(errors('permit (principal == ?principal, action, resource);')).toMatchObject([
      { line: 0, col: 0, rule: 'cedar-syntax' },
    ])
  })
})

describe('compilePolicySet', () => {
  it('gives every policy an id of its file and place, in written order', () => {
    const many = Array.from({ length: 12 }, (_, n) => `permit (principal, action, resource) when { ${n} == ${n} };`)
    const set = compilePolicySet([
      { file: 'policy/a.cedar', text: `// first\n${readPotholes}` },
      { file: 'policy/b.cedar', text: many.join('\n') },
      { file: 'policy/empty.cedar', text: '' },
    ])
    expect(set).toEqual({
      'policy/a.cedar#1': readPotholes,
      ...Object.fromEntries(many.map((policy, n) => [`policy/b.cedar#${n + 1}`, policy])),
    })
  })
})
