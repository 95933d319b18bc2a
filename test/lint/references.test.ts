// unknown-reference, public-unknown, mail-to: every name a file refers to exists.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

const FIELDS = [
  'fields:',
  '  - { name: street, type: text, label: Street, personal: false }',
  '  - { name: email, type: email, label: E-mail }',
]
const STATES = ['states:', '  - { name: new }', '  - { name: done }']
/** Lines 1-7 are the same in every bucket below; moves and the rest start at line 8. */
const bucket = (...rest: string[]) => ({
  'buckets/reports.yaml': yaml('title: Reports', ...FIELDS, ...STATES, ...rest),
})

describe('unknown-reference: states', () => {
  lintCases([
    {
      name: 'a move from a missing state, with a did-you-mean',
      files: bucket('moves:', '  - { name: finish, from: [nwe], to: done }'),
      lines: ['buckets/reports.yaml:9:28: error: no state named "nwe" in this bucket; did you mean "new"?'],
      rules: ['unknown-reference'],
    },
    {
      name: 'a move from a missing state written without a list',
      files: bucket('moves:', '  - { name: finish, from: old, to: done }'),
      lines: ['buckets/reports.yaml:9:27: error: no state named "old" in this bucket'],
      rules: ['unknown-reference'],
    },
    {
      name: 'a move to a missing state',
      files: bucket('moves:', '  - { name: finish, from: [new], to: dnoe }'),
      lines: ['buckets/reports.yaml:9:38: error: no state named "dnoe" in this bucket; did you mean "done"?'],
      rules: ['unknown-reference'],
    },
    {
      name: 'a self move to a missing state',
      files: bucket('self:', '  - { name: withdraw, to: gone }'),
      lines: ['buckets/reports.yaml:9:27: error: no state named "gone" in this bucket; did you mean "done"?'],
      rules: ['unknown-reference'],
    },
    {
      name: 'a self move without from in a bucket without states names no state',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          ...FIELDS,
          'states: []',
          'self:',
          '  - { name: withdraw, to: gone }',
        ),
      },
      lines: [
        'buckets/reports.yaml:5:9: error: a bucket needs at least one state; the first one is where new records start',
        'buckets/reports.yaml:7:27: error: no state named "gone" in this bucket',
      ],
      rules: ['empty-states', 'unknown-reference'],
    },
  ])
})

describe('unknown-reference: buckets and fields', () => {
  lintCases([
    {
      name: 'a record field of a missing bucket',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - { name: district, type: record, of: districts, label: District }',
          'states:',
          '  - { name: new }',
        ),
      },
      lines: ['buckets/reports.yaml:3:41: error: no bucket named "districts"'],
      rules: ['unknown-reference'],
    },
    {
      name: 'a form block',
      files: { 'pages/index.yaml': yaml('title: Home', 'blocks:', '  - form: report') },
      lines: ['pages/index.yaml:3:11: error: no bucket named "report"; did you mean "reports"?'],
      rules: ['unknown-reference'],
    },
    {
      name: 'a list block',
      files: {
        'pages/index.yaml': yaml('title: Home', 'blocks:', '  - list:', '      bucket: reprots', '      view: public'),
      },
      lines: ['pages/index.yaml:4:15: error: no bucket named "reprots"; did you mean "reports"?'],
      rules: ['unknown-reference'],
    },
    {
      name: 'a map block',
      files: { 'pages/index.yaml': yaml('title: Home', 'blocks:', '  - map: { bucket: potholes, field: location }') },
      lines: ['pages/index.yaml:3:20: error: no bucket named "potholes"'],
      rules: ['unknown-reference'],
    },
    {
      name: 'a list filtered by a missing field',
      files: {
        'pages/reports/_record.yaml': yaml(
          'record: reports',
          'title: Report',
          'access: [staff]',
          'blocks:',
          '  - list: { bucket: reports, view: desk, where: { field: stret, equals: record } }',
        ),
      },
      lines: ['pages/reports/_record.yaml:5:58: error: bucket "reports" has no field "stret"; did you mean "street"?'],
      rules: ['unknown-reference'],
    },
    {
      name: 'a desk',
      files: { 'desks/staff.yaml': yaml('title: Staff', 'group: staff', 'buckets: [reports, complaints]') },
      lines: ['desks/staff.yaml:3:20: error: no bucket named "complaints"'],
      rules: ['unknown-reference'],
    },
    {
      name: 'a record page',
      files: { 'pages/reports/_record.yaml': yaml('record: reprts', 'title: One report') },
      lines: ['pages/reports/_record.yaml:1:9: error: no bucket named "reprts"; did you mean "reports"?'],
      rules: ['unknown-reference'],
    },
    {
      name: 'a bucket with a YAML error still exists for the pages and desks naming it',
      files: { 'buckets/reports.yaml': yaml('title: Reports', 'fields: [', '') },
      lines: ['buckets/reports.yaml:2:9: error: the [ opened here is never closed: end the list with ] on this line'],
      rules: ['yaml-syntax'],
    },
    {
      name: 'a bucket with its own errors still exists for the pages and desks naming it',
      files: { 'buckets/reports.yaml': yaml('title: Reports', 'states:', '  - { name: new }') },
      lines: ['buckets/reports.yaml:1:1: error: missing required key "fields" in buckets/reports.yaml'],
      rules: ['missing-key'],
    },
  ])
})

describe('unknown-reference warning: groups a page is open to', () => {
  lintCases([
    {
      name: 'a group no desk names and no state grants, with and without a did-you-mean',
      files: {
        'buckets/reports.yaml': yaml('title: Reports', ...FIELDS, 'states:', '  - { name: new, grants: volunteers }'),
        'desks/staff.yaml': yaml('title: Staff', 'group: staff', 'buckets: [reports]', 'invites: [helpers]'),
        'pages/index.yaml': yaml('title: Home', 'access: [staff, staf, helpers, volunteers, outsiders]'),
      },
      lines: [
        'pages/index.yaml:2:17: warning: no desk names the group "staf" and no state grants it; did you mean "staff"?',
        'pages/index.yaml:2:44: warning: no desk names the group "outsiders" and no state grants it; unless the ' +
          "identity provider's groups claim or RESPONSIBLE_GROUP supplies it, nobody is in it: check the name, or " +
          "add it to a desk's invites",
      ],
      rules: ['unknown-reference', 'unknown-reference'],
    },
    {
      name: 'grants may name a group nothing else names',
      files: bucket('  - { name: closed, grants: newsletter }'),
      lines: [],
      rules: [],
    },
  ])
})

describe('public-unknown', () => {
  lintCases([
    {
      name: 'the public view names an unknown state and an unknown field',
      files: bucket('public:', '  states: [new, fixed]', '  fields: [street, stret]'),
      lines: [
        'buckets/reports.yaml:9:17: error: the public view names state "fixed", which this bucket does not have',
        'buckets/reports.yaml:10:20: error: the public view names field "stret", which this bucket does not have; ' +
          'did you mean "street"?',
      ],
      rules: ['public-unknown', 'public-unknown'],
    },
  ])
})

describe('mail-to', () => {
  lintCases([
    {
      name: 'neither submitter, an email field nor an address',
      files: bucket(
        'moves:',
        '  - name: finish',
        '    from: [new]',
        '    to: done',
        '    mail: { to: emial, subject: Done, body: Done. }',
      ),
      lines: [
        'buckets/reports.yaml:12:17: error: mail "to" must be submitter, an email field of this bucket (email), or ' +
          'an address; did you mean "email"?',
      ],
      rules: ['mail-to'],
    },
    {
      name: 'a text field is not an email field',
      files: bucket(
        'moves:',
        '  - name: finish',
        '    from: [new]',
        '    to: done',
        '    mail: { to: street, subject: Done, body: Done. }',
      ),
      lines: [
        'buckets/reports.yaml:12:17: error: mail "to" must be submitter, an email field of this bucket (email), or ' +
          'an address',
      ],
      rules: ['mail-to'],
    },
  ])
})
