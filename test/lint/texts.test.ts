// storyline-length: a text list has one entry per storyline (the base site has
// [a, b]); and Markdown texts may only show files that are under public/.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

const threeFor2 =
  'this list has 3 entries but the site has 2 storylines (a, b); give one entry per storyline or a single text'
const oneFor2 =
  'this list has 1 entry but the site has 2 storylines (a, b); give one entry per storyline or a single text'

describe('Storylines 2: every such list has the same length (storyline-length)', () => {
  lintCases([
    {
      name: 'a page title',
      files: { 'pages/index.yaml': yaml('title: [Home, Welcome, Hello]', 'blocks:', '  - form: reports') },
      lines: [`pages/index.yaml:1:8: error: ${threeFor2}`],
      rules: ['storyline-length'],
    },
    {
      name: 'a text block written as a block list',
      files: {
        'pages/index.yaml': yaml('title: Home', 'blocks:', '  - text:', '      - Hello', '      - Hi', '      - Hey'),
      },
      lines: [`pages/index.yaml:4:7: error: ${threeFor2}`],
      rules: ['storyline-length'],
    },
    {
      name: 'a bucket title and a field label',
      files: {
        'buckets/reports.yaml': yaml(
          'title: [Reports, Your reports, Reports!]',
          'fields:',
          '  - { name: street, type: text, label: [Street], personal: false }',
          'states:',
          '  - { name: new }',
        ),
      },
      lines: [`buckets/reports.yaml:1:8: error: ${threeFor2}`, `buckets/reports.yaml:3:40: error: ${oneFor2}`],
      rules: ['storyline-length', 'storyline-length'],
    },
    {
      name: 'a mail body',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - { name: street, type: text, label: Street, personal: false }',
          'states:',
          '  - { name: new }',
          '  - { name: done }',
          'moves:',
          '  - name: finish',
          '    from: [new]',
          '    to: done',
          '    mail:',
          '      to: submitter',
          '      subject: [Done, All done]',
          '      body:',
          '        - One.',
          '        - Two.',
          '        - Three.',
        ),
      },
      lines: [`buckets/reports.yaml:15:9: error: ${threeFor2}`],
      rules: ['storyline-length'],
    },
    {
      name: 'a choice option label',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - name: kind',
          '    type: choice',
          '    label: Kind',
          '    options:',
          '      - { value: hole, label: [Hole, A hole, Pit] }',
          'states:',
          '  - { name: new }',
        ),
      },
      lines: [`buckets/reports.yaml:7:31: error: ${threeFor2}`],
      rules: ['storyline-length'],
    },
    {
      name: 'a state label and a move label',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - { name: street, type: text, label: Street, personal: false }',
          'states:',
          '  - { name: new, label: [New] }',
          '  - { name: done }',
          'moves:',
          '  - { name: finish, from: [new], to: done, label: [Finish, Done, End] }',
        ),
      },
      lines: [`buckets/reports.yaml:5:25: error: ${oneFor2}`, `buckets/reports.yaml:8:51: error: ${threeFor2}`],
      rules: ['storyline-length', 'storyline-length'],
    },
    {
      name: "a list's own heading",
      files: {
        'pages/index.yaml': yaml(
          'title: Home',
          'blocks:',
          '  - list: { bucket: reports, view: mine, title: [Recent, New, Latest] }',
        ),
      },
      lines: [`pages/index.yaml:3:49: error: ${threeFor2}`],
      rules: ['storyline-length'],
    },
    {
      name: 'a desk title',
      files: { 'desks/staff.yaml': yaml('title: [Staff]', 'group: staff', 'buckets: [reports]') },
      lines: [`desks/staff.yaml:1:8: error: ${oneFor2}`],
      rules: ['storyline-length'],
    },
    {
      name: 'without storylines a site has one, main',
      files: { 'site.yaml': yaml('name: Test site'), 'pages/index.yaml': yaml('title: [Home, Welcome]') },
      lines: [
        'pages/index.yaml:1:8: error: this list has 2 entries but the site has 1 storylines (main); give one entry ' +
          'per storyline or a single text',
      ],
      rules: ['storyline-length'],
    },
    {
      name: 'a typo elsewhere in site.yaml keeps its storylines (no error per text list)',
      files: {
        'site.yaml': yaml('name: Test site', 'storylines: [a, b]', 'colours: {}'),
        'pages/index.yaml': yaml('title: [Home, Welcome]'),
      },
      lines: ['site.yaml:3:1: error: unknown key "colours" in site.yaml; did you mean "colors"?'],
      rules: ['unknown-key'],
    },
  ])
})

describe('missing-file error: /site/ addresses in Markdown', () => {
  lintCases([
    {
      name: 'pictures, links and reference links at their own line and column; code spans are text',
      files: {
        'public/street.svg': '<svg/>',
        'pages/index.yaml': yaml(
          'title: Home',
          'blocks:',
          '  - text: |',
          '      ![Street](/site/street.svg) ![Street](/site/stret.svg)',
          '      [ref][r] and `![code](/site/code.svg)` and [a](/site/a%20b.svg?x=1)',
          '',
          '      [r]: /site/ref.pdf',
        ),
      },
      lines: [
        'pages/index.yaml:4:45: error: /site/stret.svg is not a file under public/; did you mean "street.svg"?',
        'pages/index.yaml:5:54: error: /site/a%20b.svg?x=1 is not a file under public/; add public/a b.svg or ' +
          'correct the address',
        'pages/index.yaml:7:12: error: /site/ref.pdf is not a file under public/; add public/ref.pdf or correct ' +
          'the address',
      ],
      rules: ['missing-file', 'missing-file', 'missing-file'],
    },
    {
      name: "the footer and a bucket's thanks are Markdown too",
      files: {
        'site.yaml': yaml(
          'name: Test site',
          'storylines: [a, b]',
          'inbox: post@example.org',
          'footer: "[Logo](/site/logo.svg)"',
        ),
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - { name: street, type: text, label: Street, personal: false }',
          'states:',
          '  - { name: new }',
          'thanks: ["![x](/site/x.png)", Thanks]',
        ),
      },
      lines: [
        'buckets/reports.yaml:6:16: error: /site/x.png is not a file under public/; add public/x.png or correct ' +
          'the address',
        'site.yaml:4:17: error: /site/logo.svg is not a file under public/; add public/logo.svg or correct the ' +
          'address',
      ],
      rules: ['missing-file', 'missing-file'],
    },
    {
      name: 'a file in a folder under public/ is found',
      files: {
        'public/img/a b.png': 'png',
        'pages/about.yaml': yaml('title: About'),
        'pages/index.yaml': yaml('title: Home', 'blocks:', '  - text: "![A](/site/img/a%20b.png) [B](/about)"'),
      },
      lines: [],
      rules: [],
    },
  ])
})
