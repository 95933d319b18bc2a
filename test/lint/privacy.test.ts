// Personal data in content (issue 29): `personal:` on a field, `retention:`
// and `self_erase:` on a bucket, `erase:` on a desk.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

/** A bucket with states new and done; `extra` lines from line 8 on. */
const bucket = (field: string, ...extra: string[]) => ({
  'buckets/reports.yaml': yaml(
    'title: Reports',
    'fields:',
    `  - ${field}`,
    'states:',
    '  - { name: new }',
    '  - { name: done }',
    '  - { name: withdrawn }',
    ...extra,
  ),
})
const STREET = '{ name: street, type: text, label: Street, personal: false }'
const retention = (value: string) => bucket(STREET, `retention: ${value}`)
const DAYS = 'retention.days must be a number of days above 0 and at most 36500, e.g. 90 or 0.5'

describe('personal-unsaid: free text says whether it is personal data', () => {
  lintCases([
    {
      name: 'a text field without personal:, at its type',
      files: bucket('{ name: street, type: text, label: Street }'),
      lines: [
        'buckets/reports.yaml:3:27: warning: field "street" is free text, which may name people; say "personal: ' +
          'true" if its answers are personal data (erased with the case\'s personal data) or "personal: false" if ' +
          'they are not',
      ],
      rules: ['personal-unsaid'],
    },
    {
      name: 'a textarea without personal:',
      files: bucket('{ name: details, type: textarea, label: Details }'),
      lines: [
        'buckets/reports.yaml:3:28: warning: field "details" is free text, which may name people; say "personal: ' +
          'true" if its answers are personal data (erased with the case\'s personal data) or "personal: false" if ' +
          'they are not',
      ],
      rules: ['personal-unsaid'],
    },
    {
      name: 'personal: true and personal: false on free text, and on other types, are clean',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - { name: street, type: text, label: Street, personal: false }',
          '  - { name: details, type: textarea, label: Details, personal: true }',
          '  - { name: kind, type: choice, label: Kind, options: [a, b], personal: true }',
          '  - { name: photo, type: file, label: Photo, personal: false }',
          '  - { name: office, type: email, label: Office, personal: false }',
          'states:',
          '  - { name: new }',
        ),
      },
      lines: [],
      rules: [],
    },
    {
      name: 'a contact field is always personal, at the key',
      files: bucket('{ name: email, type: email, label: E-mail, contact: true, personal: false }'),
      lines: [
        'buckets/reports.yaml:3:63: error: field "email" is a contact field, which is always personal data; drop ' +
          '"personal: false"',
      ],
      rules: ['bad-value'],
    },
    {
      name: 'personal: that is not true or false',
      files: bucket('{ name: street, type: text, label: Street, personal: maybe }'),
      lines: [
        'buckets/reports.yaml:3:58: error: buckets/reports.yaml at fields[0].personal should be true or false, not ' +
          'a text',
      ],
      rules: ['wrong-type'],
    },
  ])
})

describe('retention: how long personal data is kept', () => {
  lintCases([
    {
      name: 'whole and decimal days in existing states are clean',
      files: retention('{ days: 0.5, in: [done, withdrawn] }'),
      lines: [],
      rules: [],
    },
    {
      name: 'zero days, at the number',
      files: retention('{ days: 0, in: [done] }'),
      lines: [`buckets/reports.yaml:8:20: error: ${DAYS}`],
      rules: ['retention-days'],
    },
    {
      name: 'negative days',
      files: retention('{ days: -3, in: [done] }'),
      lines: [`buckets/reports.yaml:8:20: error: ${DAYS}`],
      rules: ['retention-days'],
    },
    {
      name: 'days that are not a number',
      files: retention('{ days: ten, in: [done] }'),
      lines: [
        'buckets/reports.yaml:8:20: error: buckets/reports.yaml at retention.days should be a number, not a text',
      ],
      rules: ['wrong-type'],
    },
    {
      name: 'days past a hundred years',
      files: retention('{ days: 40000, in: [done] }'),
      lines: [`buckets/reports.yaml:8:20: error: ${DAYS}`],
      rules: ['retention-days'],
    },
    {
      name: 'a state that does not exist, with a did-you-mean, at its place in the list',
      files: retention('{ days: 30, in: [done, withdrwn] }'),
      lines: ['buckets/reports.yaml:8:35: error: no state named "withdrwn" in this bucket; did you mean "withdrawn"?'],
      rules: ['unknown-reference'],
    },
    {
      name: 'no state at all',
      files: retention('{ days: 30, in: [] }'),
      lines: [
        'buckets/reports.yaml:8:28: error: retention.in needs at least one state: the states whose cases have ' +
          'their personal data erased',
      ],
      rules: ['bad-value'],
    },
    {
      name: 'a missing in:',
      files: retention('{ days: 30 }'),
      lines: ['buckets/reports.yaml:8:12: error: missing required key "in" in buckets/reports.yaml at retention'],
      rules: ['missing-key'],
    },
  ])
})

describe("self_erase: and a desk's erase:", () => {
  lintCases([
    {
      name: 'self_erase on a bucket and erase on a desk are clean',
      files: {
        ...bucket(STREET, 'self_erase: true'),
        'desks/staff.yaml': yaml('title: Staff', 'group: staff', 'buckets: [reports]', 'erase: true'),
      },
      lines: [],
      rules: [],
    },
    {
      name: 'self_erase in a sign_in: none bucket, which nobody can use, at the key',
      files: bucket(STREET, 'sign_in: none', 'self_erase: true'),
      lines: [
        'buckets/reports.yaml:9:1: warning: records in a sign_in: none bucket are anonymous, so nobody can erase ' +
          'their own; drop self_erase: or use sign_in: optional',
      ],
      rules: ['bad-value'],
    },
    {
      name: 'erase: that is not true or false',
      files: { 'desks/staff.yaml': yaml('title: Staff', 'group: staff', 'buckets: [reports]', 'erase: yes please') },
      lines: ['desks/staff.yaml:4:8: error: desks/staff.yaml at erase should be true or false, not a text'],
      rules: ['wrong-type'],
    },
  ])
})
