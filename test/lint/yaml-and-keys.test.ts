// YAML that does not parse, keys that do not exist, keys that are missing,
// and values of the wrong type.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

const bucket = (...lines: string[]) => ({ 'buckets/reports.yaml': yaml(...lines) })

describe('yaml-syntax', () => {
  lintCases([
    {
      name: 'a list item out of line points at its dash',
      files: { 'pages/index.yaml': yaml('title: Home', 'blocks:', '  - form: reports', '   - text: hi') },
      lines: ['pages/index.yaml:4:4: error: All sequence items must start at the same column'],
      rules: ['yaml-syntax'],
    },
    {
      name: 'a tab used as indentation',
      files: { 'pages/index.yaml': yaml('title: Home', 'blocks:', '\t- form: reports') },
      lines: ['pages/index.yaml:3:1: error: Tabs are not allowed as indentation'],
      rules: ['yaml-syntax'],
    },
    {
      name: 'an alias without its anchor is an error, not a crash',
      files: { 'pages/index.yaml': yaml('title: &t Home', 'blocks:', '  - text: *t', '  - text: *missing') },
      lines: ['pages/index.yaml:4:11: error: Unresolved alias (the anchor must be set before the alias): missing'],
      rules: ['yaml-syntax'],
    },
  ])
})

describe('duplicate-name (YAML keys)', () => {
  lintCases([
    {
      name: 'a key twice in one map, at the second one',
      files: { 'pages/index.yaml': yaml('title: Home', 'blocks:', '  - form: reports', 'title: Again') },
      lines: ['pages/index.yaml:4:1: error: the same key appears twice in one map'],
      rules: ['duplicate-name'],
    },
  ])
})

describe('unknown-key', () => {
  lintCases([
    {
      name: 'titel -> title, with the missing title at the map',
      files: { 'pages/index.yaml': yaml('titel: Home', 'blocks:', '  - form: reports') },
      lines: [
        'pages/index.yaml:1:1: error: missing required key "title" in pages/index.yaml',
        'pages/index.yaml:1:1: error: unknown key "titel" in pages/index.yaml; did you mean "title"?',
      ],
      rules: ['missing-key', 'unknown-key'],
    },
    {
      name: 'colours -> colors in site.yaml',
      files: { 'site.yaml': yaml('name: Test site', 'storylines: [a, b]', 'colours: { primary: "#0b6e4f" }') },
      lines: ['site.yaml:3:1: error: unknown key "colours" in site.yaml; did you mean "colors"?'],
      rules: ['unknown-key'],
    },
    {
      name: 'a field\'s lable -> label, at the key inside a flow map',
      files: bucket(
        'title: Reports',
        'fields:',
        '  - { name: street, type: text, lable: Street }',
        'states:',
        '  - { name: new }',
      ),
      lines: [
        'buckets/reports.yaml:3:5: error: missing required key "label" in buckets/reports.yaml at fields[0]',
        'buckets/reports.yaml:3:33: error: unknown key "lable" in buckets/reports.yaml at fields[0]; did you mean "label"?',
      ],
      rules: ['missing-key', 'unknown-key'],
    },
    {
      name: 'an option\'s lable -> label, inside { value, label }',
      files: bucket(
        'title: Reports',
        'fields:',
        '  - name: kind',
        '    type: choice',
        '    label: Kind',
        '    options:',
        '      - { value: hole, lable: Hole }',
        'states:',
        '  - { name: new }',
      ),
      lines: [
        'buckets/reports.yaml:7:9: error: missing required key "label" in buckets/reports.yaml at fields[0].options[0]',
        'buckets/reports.yaml:7:24: error: unknown key "lable" in buckets/reports.yaml at fields[0].options[0]; did you mean "label"?',
      ],
      rules: ['missing-key', 'unknown-key'],
    },
    {
      name: 'a responsible person\'s emial -> email',
      files: { 'pages/index.yaml': yaml('title: Home', 'responsible:', '  - { name: Kari, emial: kari@example.org }') },
      lines: ['pages/index.yaml:3:19: error: unknown key "emial" in pages/index.yaml at responsible[0]; did you mean "email"?'],
      rules: ['unknown-key'],
    },
    {
      name: 'a block typo: txt -> text',
      files: { 'pages/index.yaml': yaml('title: Home', 'blocks:', '  - txt: Hello') },
      lines: [
        'pages/index.yaml:3:5: error: pages/index.yaml at blocks[0]: a block has exactly one of text, form, list or map',
        'pages/index.yaml:3:5: error: unknown key "txt" in pages/index.yaml at blocks[0]; did you mean "text"?',
      ],
      rules: ['bad-value', 'unknown-key'],
    },
  ])
})

describe('missing-key', () => {
  lintCases([
    {
      name: 'a bucket without fields',
      files: bucket('title: Reports', 'states:', '  - { name: new }'),
      lines: ['buckets/reports.yaml:1:1: error: missing required key "fields" in buckets/reports.yaml'],
      rules: ['missing-key'],
    },
    {
      name: 'a move without to, at the move',
      files: bucket(
        'title: Reports',
        'fields:',
        '  - { name: street, type: text, label: Street }',
        'states:',
        '  - { name: new }',
        '  - { name: done }',
        'moves:',
        '  - name: finish',
        '    from: [new]',
      ),
      lines: ['buckets/reports.yaml:8:5: error: missing required key "to" in buckets/reports.yaml at moves[0]'],
      rules: ['missing-key'],
    },
    {
      name: 'an empty page file misses its title',
      files: { 'pages/index.yaml': '' },
      lines: ['pages/index.yaml:1:1: error: missing required key "title" in pages/index.yaml'],
      rules: ['missing-key'],
    },
  ])
})

describe('wrong-type', () => {
  lintCases([
    {
      name: 'fields written as a map',
      files: bucket('title: Reports', 'fields:', '  street: { type: text, label: Street }', 'states:', '  - { name: new }'),
      lines: ['buckets/reports.yaml:3:3: error: buckets/reports.yaml at fields should be a list, not a map of keys'],
      rules: ['wrong-type'],
    },
    {
      name: 'a number in a from list, at the number',
      files: bucket(
        'title: Reports',
        'fields:',
        '  - { name: street, type: text, label: Street }',
        'states:',
        '  - { name: new }',
        '  - { name: done }',
        'moves:',
        '  - { name: finish, from: [new, 5], to: done }',
      ),
      lines: ['buckets/reports.yaml:8:33: error: buckets/reports.yaml at moves[0].from[1] should be a text, not a number'],
      rules: ['wrong-type'],
    },
    {
      name: 'access that is neither public nor a list',
      files: { 'pages/index.yaml': yaml('title: Home', 'access: everyone') },
      lines: ['pages/index.yaml:2:9: error: pages/index.yaml at access has the wrong shape: write public or a list of group names'],
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
      lines: ['buckets/reports.yaml:3:63: error: buckets/reports.yaml at fields[0].options[1] has the wrong shape: write an option as a text, or as { value, label }'],
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
      files: bucket('title: Reports', 'fields:', '  - { name: details, type: texarea, label: Details }', 'states:', '  - { name: new }'),
      lines: [
        'buckets/reports.yaml:3:28: error: unknown field type "texarea" for buckets/reports.yaml at fields[0].type; did you mean "textarea"? (one of: text, textarea, email, phone, number, date, choice, checkbox, file, record, location)',
      ],
      rules: ['unknown-field-type'],
    },
    {
      name: 'sign_in: requird -> required',
      files: bucket('title: Reports', 'sign_in: requird', 'fields:', '  - { name: street, type: text, label: Street }', 'states:', '  - { name: new }'),
      lines: ['buckets/reports.yaml:2:10: error: unknown value "requird" for buckets/reports.yaml at sign_in; did you mean "required"? (one of: required, optional, none)'],
      rules: ['bad-value'],
    },
    {
      name: 'a list view that does not exist',
      files: { 'pages/index.yaml': yaml('title: Home', 'blocks:', '  - list: { bucket: reports, view: mien }') },
      lines: ['pages/index.yaml:3:36: error: unknown value "mien" for pages/index.yaml at blocks[0].list.view; did you mean "mine"? (one of: public, mine, desk)'],
      rules: ['bad-value'],
    },
  ])
})
