// YAML mistakes in plain words, at the line the author must change, with the fix.
import { describe, expect, it } from 'vitest'
import { lintCases, run, withRepo, yaml } from './repo'

const bucket = (...lines: string[]) => ({ 'buckets/reports.yaml': yaml(...lines) })
const FIELD = ['title: Reports', 'fields:', '  - name: street', '    type: text']
const STATES = ['states:', '  - { name: new }']

describe('yaml-syntax in plain words', () => {
  lintCases([
    {
      name: 'a key indented one short',
      files: bucket(...FIELD, '   label: Street', '    required: true', ...STATES),
      lines: [
        'buckets/reports.yaml:5:4: error: this line is indented 3 spaces, the keys beside it 4: line it up with ' +
          '`type:` above',
      ],
      rules: ['yaml-syntax'],
    },
    {
      name: 'a key indented too far',
      files: bucket(...FIELD, '      label: Street', '    required: true', ...STATES),
      lines: [
        'buckets/reports.yaml:5:7: error: this line is indented 6 spaces, the keys beside it 4: line it up with ' +
          '`type:` above',
      ],
      rules: ['yaml-syntax'],
    },
    {
      name: 'primary: pulled out of colors: is told at its own line',
      files: {
        'site.yaml': yaml(
          'name: Test site',
          'storylines: [a, b]',
          'colors:',
          '  # Quote colours',
          'primary: "#0b6e4f"',
          '  accent: "#f2c14e"',
          '  text: "#1b1b1b"',
        ),
      },
      lines: [
        'site.yaml:5:1: error: this line belongs under `colors:` above: indent it 2 spaces, like `accent:` below',
      ],
      rules: ['yaml-syntax'],
    },
    {
      name: 'a tab',
      files: bucket(
        'title: Reports',
        'fields:',
        '\t- { name: street, type: text, label: Street, personal: false }',
        ...STATES,
      ),
      lines: [
        'buckets/reports.yaml:3:1: error: this line is indented with a tab; YAML indents with spaces only: use spaces',
      ],
      rules: ['yaml-syntax'],
    },
    {
      name: 'no space after a colon',
      files: bucket(...FIELD.slice(0, 3), '    type:text', '    label: Street', ...STATES),
      lines: ['buckets/reports.yaml:4:9: error: put a space after the colon: `type: text`'],
      rules: ['yaml-syntax'],
    },
    {
      name: 'no space after a dash',
      files: { 'site.yaml': yaml('name: Test site', 'storylines:', '  -a', '  - b') },
      lines: ['site.yaml:3:4: error: put a space after the dash: `- a`'],
      rules: ['yaml-syntax'],
    },
    {
      name: 'a list item under another at the wrong depth',
      files: bucket(
        ...FIELD.slice(0, 3),
        '    type: choice',
        '    label: Street',
        '    options:',
        '      - { value: a }',
        '        - { value: b }',
        ...STATES,
      ),
      lines: [
        'buckets/reports.yaml:8:9: error: this list item is indented 8 spaces, the items beside it 6: line it up ' +
          'with `- { value: a }` above',
      ],
      rules: ['yaml-syntax'],
    },
    {
      name: 'a list item dedented between levels',
      files: bucket(
        'title: Reports',
        'fields: [{ name: s, type: text, label: S, personal: false }]',
        'states:',
        '  - name: new',
        ' - name: b',
      ),
      lines: [
        'buckets/reports.yaml:5:2: error: this line is indented 1 space, the items beside it 2: line it up with ' +
          '`- name` above',
      ],
      rules: ['yaml-syntax'],
    },
    {
      name: 'an unclosed quote',
      files: { 'pages/index.yaml': yaml('title: "Home', 'blocks:', '  - form: reports') },
      lines: ['pages/index.yaml:1:8: error: the " opened here is never closed: end the text with " on this line'],
      rules: ['yaml-syntax'],
    },
    {
      name: 'an unclosed bracket',
      files: { 'pages/index.yaml': yaml('title: Home', 'blocks:', '  - { form: reports', '  - text: hi') },
      lines: ['pages/index.yaml:3:5: error: the { opened here is never closed: end the map with } on this line'],
      rules: ['yaml-syntax'],
    },
  ])

  it('--verbose adds the parser own words', async () => {
    await withRepo(bucket(...FIELD, '   label: Street', '    required: true', ...STATES), async (dir) => {
      const result = await run([dir, '--verbose'])
      expect(result.code).toBe(1)
      expect(result.lines[0]).toMatch(
        /^buckets\/reports\.yaml:5:4: error: this line is indented 3 spaces, .* \(the YAML parser says: 5:1 Sequence item/,
      )
    })
  })
})
