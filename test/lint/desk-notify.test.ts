// A desk's `notify:`: the address mailed when a reply by mail lands on a case the desk holds (issue 26).
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

const desk = (...more: string[]) => yaml('title: Staff', 'group: staff', 'buckets: [reports]', ...more)

describe("a desk's notify address", () => {
  lintCases([
    {
      name: 'notify: an address is fine',
      files: { 'desks/staff.yaml': desk('notify: casework@example.org') },
      lines: [],
      rules: [],
    },
    {
      name: 'bad-value: notify that is not an address',
      files: { 'desks/staff.yaml': desk('notify: casework') },
      lines: [
        'desks/staff.yaml:4:9: error: desks/staff.yaml at notify: give an e-mail address such as casework@example.org',
      ],
      rules: ['bad-value'],
    },
  ])
})
