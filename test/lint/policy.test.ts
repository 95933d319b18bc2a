// Files under policy/: Cedar's own errors at their line and column.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

const READ = 'permit (principal in Group::"staff", action == Action::"read", resource in Bucket::"reports");'

describe('policy', () => {
  lintCases([
    {
      name: 'cedar-syntax: a missing comma, on the third line',
      files: { 'policy/staff.cedar': yaml('// Staff read reports.', READ, 'permit (principal action, resource);') },
      lines: [
        'policy/staff.cedar:3:19: error: unexpected token `action`; expected `!=`, `)`, `,`, `:`, `<`, `<=`, `==`, ' +
          '`>`, `>=`, `in`, or `is`',
      ],
      rules: ['cedar-syntax'],
    },
    {
      name: 'cedar-validation: an entity type the service does not have',
      files: {
        'policy/staff.cedar': yaml(
          '// Staff read reports.',
          'permit (principal in Team::"staff", action == Action::"read", resource);',
        ),
      },
      lines: [
        'policy/staff.cedar:2:1: warning: unable to find an applicable action given the policy scope constraints',
        'policy/staff.cedar:2:22: error: unrecognized entity type `Team`; did you mean `Desk`?',
      ],
      rules: ['cedar-validation', 'cedar-validation'],
    },
    {
      name: 'a valid policy is clean',
      files: { 'policy/staff.cedar': yaml('// Staff read reports.', READ) },
      lines: [],
      rules: [],
    },
  ])
})
