// YAML that does not parse, keys that do not exist and keys that are missing.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

const bucket = (...lines: string[]) => ({ 'buckets/reports.yaml': yaml(...lines) })

describe('yaml-syntax', () => {
  lintCases([
    {
      name: 'a list item out of line points at its dash',
      files: { 'pages/index.yaml': yaml('title: Home', 'blocks:', '  - form: reports', '   - text: hi') },
      lines: [
        'pages/index.yaml:4:4: error: this line is indented 3 spaces, the items beside it 2: line it up with ' +
          '`- form` above',
      ],
      rules: ['yaml-syntax'],
    },
    {
      name: 'a tab used as indentation',
      files: { 'pages/index.yaml': yaml('title: Home', 'blocks:', '\t- form: reports') },
      lines: [
        'pages/index.yaml:3:1: error: this line is indented with a tab; YAML indents with spaces only: use spaces',
      ],
      rules: ['yaml-syntax'],
    },
    {
      name: 'a second document in one file',
      files: { 'pages/about.yaml': yaml('title: About', '---', 'title: Also about') },
      lines: [
        'pages/about.yaml:2:1: error: a file holds one YAML document; remove this --- and what follows, or move it ' +
          'into a file of its own',
      ],
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
      name: "a field's lable -> label, at the key inside a flow map",
      files: bucket(
        'title: Reports',
        'fields:',
        '  - { name: street, type: text, lable: Street, personal: false }',
        'states:',
        '  - { name: new }',
      ),
      lines: [
        'buckets/reports.yaml:3:5: error: missing required key "label" in buckets/reports.yaml at fields[0]',
        'buckets/reports.yaml:3:33: error: unknown key "lable" in buckets/reports.yaml at fields[0]; did you mean ' +
          '"label"?',
      ],
      rules: ['missing-key', 'unknown-key'],
    },
    {
      name: "an option's lable -> label, inside { value, label }",
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
        'buckets/reports.yaml:7:24: error: unknown key "lable" in buckets/reports.yaml at fields[0].options[0]; did ' +
          'you mean "label"?',
      ],
      rules: ['missing-key', 'unknown-key'],
    },
    {
      name: "a responsible person's emial -> email",
      files: { 'pages/index.yaml': yaml('title: Home', 'responsible:', '  - { name: Kari, emial: kari@example.org }') },
      lines: [
        'pages/index.yaml:3:19: error: unknown key "emial" in pages/index.yaml at responsible[0]; did you mean ' +
          '"email"?',
      ],
      rules: ['unknown-key'],
    },
    {
      name: 'a block typo: txt -> text',
      files: { 'pages/index.yaml': yaml('title: Home', 'blocks:', '  - txt: Hello') },
      lines: [
        'pages/index.yaml:3:5: error: pages/index.yaml at blocks[0]: a block has exactly one of text, form, list or ' +
          'map',
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
        '  - { name: street, type: text, label: Street, personal: false }',
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
