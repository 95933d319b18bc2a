// Values of the wrong type, values not in a fixed set, and lists left empty.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

const bucket = (...lines: string[]) => ({ 'buckets/reports.yaml': yaml(...lines) })

describe('bad-value: empty lists that need an entry', () => {
  lintCases([
    {
      name: 'a bucket without fields',
      files: bucket('title: Reports', 'fields: []', 'states:', '  - { name: new }'),
      lines: ['buckets/reports.yaml:2:9: error: buckets/reports.yaml at fields: a bucket needs at least one field'],
      rules: ['bad-value'],
    },
    {
      name: 'a desk without buckets',
      files: { 'desks/staff.yaml': yaml('title: Staff', 'group: staff', 'buckets: []') },
      lines: ['desks/staff.yaml:3:10: error: desks/staff.yaml at buckets: a desk needs at least one bucket'],
      rules: ['bad-value'],
    },
    {
      name: 'a page open to no group',
      files: { 'pages/index.yaml': yaml('title: Home', 'access: []') },
      lines: ['pages/index.yaml:2:9: error: pages/index.yaml at access: list at least one group, or write public'],
      rules: ['bad-value'],
    },
    {
      name: 'a site without storylines',
      files: { 'site.yaml': yaml('name: Test site', 'storylines: []') },
      lines: [
        'site.yaml:2:13: error: site.yaml at storylines: name at least one storyline, or leave storylines out for ' +
          '[main]',
      ],
      rules: ['bad-value'],
    },
    {
      name: 'a responsible person without a name',
      files: { 'pages/index.yaml': yaml('title: Home', 'responsible:', '  - { name: "", email: kari@example.org }') },
      lines: ["pages/index.yaml:3:13: error: pages/index.yaml at responsible[0].name: write the person's name"],
      rules: ['bad-value'],
    },
  ])
})

describe('wrong-type', () => {
  lintCases([
    {
      name: 'fields written as a map',
      files: bucket(
        'title: Reports',
        'fields:',
        '  street: { type: text, label: Street }',
        'states:',
        '  - { name: new }',
      ),
      lines: ['buckets/reports.yaml:3:3: error: buckets/reports.yaml at fields should be a list, not a map of keys'],
      rules: ['wrong-type'],
    },
    {
      name: 'a number in a from list, at the number',
      files: bucket(
        'title: Reports',
        'fields:',
        '  - { name: street, type: text, label: Street, personal: false }',
        'states:',
        '  - { name: new }',
        '  - { name: done }',
        'moves:',
        '  - { name: finish, from: [new, 5], to: done }',
      ),
      lines: [
        'buckets/reports.yaml:8:33: error: buckets/reports.yaml at moves[0].from[1] should be a text, not a number',
      ],
      rules: ['wrong-type'],
    },
    {
      name: 'access that is neither public nor a list',
      files: { 'pages/index.yaml': yaml('title: Home', 'access: everyone') },
      lines: [
        'pages/index.yaml:2:9: error: pages/index.yaml at access has the wrong shape: write public or a list of ' +
          'group names',
      ],
      rules: ['wrong-type'],
    },
    {
      name: 'a number as a choice option',
      files: bucket(
        'title: Reports',
        'fields:',
        '  - { name: size, type: choice, label: Size, options: [small, 5] }',
        'states:',
        '  - { name: new }',
      ),
      lines: [
        'buckets/reports.yaml:3:63: error: buckets/reports.yaml at fields[0].options[1] has the wrong shape: write ' +
          'an option as a text, or as { value, label }',
      ],
      rules: ['wrong-type'],
    },
    {
      name: 'a page that is a list',
      files: { 'pages/index.yaml': yaml('- title: Home') },
      lines: ['pages/index.yaml:1:1: error: pages/index.yaml should be a map of keys, not a list'],
      rules: ['wrong-type'],
    },
  ])
})

describe('unknown-field-type and unknown values', () => {
  lintCases([
    {
      name: 'texarea -> textarea',
      files: bucket(
        'title: Reports',
        'fields:',
        '  - { name: details, type: texarea, label: Details }',
        'states:',
        '  - { name: new }',
      ),
      lines: [
        'buckets/reports.yaml:3:28: error: unknown field type "texarea" for buckets/reports.yaml at fields[0].type; ' +
          'did you mean "textarea"? (one of: text, textarea, email, phone, number, date, choice, checkbox, file, ' +
          'record, location)',
      ],
      rules: ['unknown-field-type'],
    },
    {
      name: 'sign_in: requird -> required',
      files: bucket(
        'title: Reports',
        'sign_in: requird',
        'fields:',
        '  - { name: street, type: text, label: Street, personal: false }',
        'states:',
        '  - { name: new }',
      ),
      lines: [
        'buckets/reports.yaml:2:10: error: unknown value "requird" for buckets/reports.yaml at sign_in; did you mean ' +
          '"required"? (one of: required, optional, none)',
      ],
      rules: ['bad-value'],
    },
    {
      name: 'a list view that does not exist',
      files: { 'pages/index.yaml': yaml('title: Home', 'blocks:', '  - list: { bucket: reports, view: mien }') },
      lines: [
        'pages/index.yaml:3:36: error: unknown value "mien" for pages/index.yaml at blocks[0].list.view; did you ' +
          'mean "mine"? (one of: public, mine, desk)',
      ],
      rules: ['bad-value'],
    },
  ])
})
