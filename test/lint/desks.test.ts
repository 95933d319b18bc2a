// suggestions-desk: one desk lists and moves the edit suggestions.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

const desk = (title: string, ...more: string[]) =>
  yaml(`title: ${title}`, 'group: staff', 'buckets: [reports]', ...more)

describe('the edit suggestions desk', () => {
  lintCases([
    {
      name: 'one desk with suggestions: true is fine',
      files: { 'desks/staff.yaml': desk('Staff', 'suggestions: true') },
      lines: [],
      rules: [],
    },
    {
      name: 'suggestions-desk: a second desk with suggestions: true',
      files: {
        'desks/staff.yaml': desk('Staff', 'suggestions: true'),
        'desks/web.yaml': desk('Web', 'suggestions: true'),
      },
      lines: [
        'desks/web.yaml:4:14: error: desks/staff.yaml already has suggestions: true; one desk lists the edit ' +
          'suggestions, so remove it here or there',
      ],
      rules: ['suggestions-desk'],
    },
    {
      name: 'wrong-type: suggestions: yes',
      files: { 'desks/staff.yaml': desk('Staff', 'suggestions: yes') },
      lines: ['desks/staff.yaml:4:14: error: desks/staff.yaml at suggestions should be true or false, not a text'],
      rules: ['wrong-type'],
    },
  ])
})
