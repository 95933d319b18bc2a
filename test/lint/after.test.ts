// Timed moves: `after: { days, to }` rides on a declared move and waits a
// whole, positive number of days.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

/** A bucket whose state `new` (line 5) carries `after`, optionally with moves from line 7. */
const bucket = (after: string, ...rest: string[]) => ({
  'buckets/reports.yaml': yaml(
    'title: Reports',
    'fields:',
    '  - { name: street, type: text, label: Street, personal: false }',
    'states:',
    `  - { name: new, after: ${after} }`,
    '  - { name: done }',
    ...rest,
  ),
})
const FINISH = ['moves:', '  - { name: finish, from: [new], to: done }']
const DAYS = 'after.days must be a whole number of days from 1 to 3650'

describe('after-without-move', () => {
  lintCases([
    {
      name: 'no move from the state to the target',
      files: bucket('{ days: 3, to: done }'),
      lines: [
        'buckets/reports.yaml:5:25: error: state "new" moves to "done" after 3 days, but no move goes from "new" to ' +
          '"done"; declare one under moves: the timed move uses that edge, its mail and its event',
      ],
      rules: ['after-without-move'],
    },
    {
      name: 'a self move is not the edge a timed move takes',
      files: bucket('{ days: 3, to: done }', 'self:', '  - { name: finish, to: done }'),
      lines: [
        'buckets/reports.yaml:5:25: error: state "new" moves to "done" after 3 days, but no move goes from "new" to ' +
          '"done"; declare one under moves: the timed move uses that edge, its mail and its event',
      ],
      rules: ['after-without-move'],
    },
    {
      name: 'a target state that does not exist is reported once, as a reference',
      files: bucket('{ days: 3, to: gone }', ...FINISH),
      lines: ['buckets/reports.yaml:5:40: error: no state named "gone" in this bucket; did you mean "done"?'],
      rules: ['unknown-reference'],
    },
    {
      name: 'with its move the bucket is clean',
      files: bucket('{ days: 3, to: done }', ...FINISH),
      lines: [],
      rules: [],
    },
  ])
})

describe('after-days', () => {
  lintCases([
    {
      name: 'zero days',
      files: bucket('{ days: 0, to: done }', ...FINISH),
      lines: [`buckets/reports.yaml:5:33: error: ${DAYS}`],
      rules: ['after-days'],
    },
    {
      name: 'a fraction of a day',
      files: bucket('{ days: 1.5, to: done }', ...FINISH),
      lines: [`buckets/reports.yaml:5:33: error: ${DAYS}`],
      rules: ['after-days'],
    },
    {
      name: 'more than ten years',
      files: bucket('{ days: 5000, to: done }', ...FINISH),
      lines: [`buckets/reports.yaml:5:33: error: ${DAYS}`],
      rules: ['after-days'],
    },
    {
      name: 'days written as text',
      files: bucket('{ days: two, to: done }', ...FINISH),
      lines: [
        'buckets/reports.yaml:5:33: error: buckets/reports.yaml at states[0].after.days should be a number, not a text',
      ],
      rules: ['wrong-type'],
    },
  ])
})
