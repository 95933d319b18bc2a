// A page's place in the menu: `nav: { label, order }`.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

describe('nav', () => {
  lintCases([
    {
      name: 'a menu entry with a label per storyline is fine',
      files: {
        'pages/index.yaml': yaml('title: Home', 'nav: { label: [Home, Start], order: 1 }'),
        'pages/about.yaml': yaml('title: About us', 'nav: { label: About, order: 2 }'),
      },
      lines: [],
      rules: [],
    },
    {
      name: 'nav-order: two menu entries with one order',
      files: {
        'pages/index.yaml': yaml('title: Home', 'nav: { label: Home, order: 1 }'),
        'pages/about.yaml': yaml('title: About us', 'nav: { label: About, order: 1 }'),
      },
      lines: ['pages/index.yaml:2:28: error: pages/about.yaml has nav order 1 too; give each menu entry its own order'],
      rules: ['nav-order'],
    },
    {
      name: 'storyline-length: a label missing a storyline',
      files: { 'pages/about.yaml': yaml('title: About', 'nav: { label: [About], order: 2 }') },
      lines: [
        'pages/about.yaml:2:15: error: this list has 1 entry but the site has 2 storylines (a, b); give one entry ' +
          'per storyline or a single text',
      ],
      rules: ['storyline-length'],
    },
    {
      name: 'bad-value: an empty label',
      files: { 'pages/about.yaml': yaml('title: About', 'nav: { label: [About, ""], order: 2 }') },
      lines: ['pages/about.yaml:2:23: error: a menu label cannot be empty; write the word the menu shows'],
      rules: ['bad-value'],
    },
    {
      name: 'missing-key: a menu entry without a label',
      files: { 'pages/about.yaml': yaml('title: About', 'nav: { order: 2 }') },
      lines: ['pages/about.yaml:2:6: error: missing required key "label" in pages/about.yaml at nav'],
      rules: ['missing-key'],
    },
    {
      name: 'bad-value: a record page in the menu',
      files: {
        'pages/reports/_record.yaml': yaml(
          'title: Report',
          'record: reports',
          'nav: { label: Report, order: 3 }',
          'access: [staff]',
        ),
      },
      lines: [
        'pages/reports/_record.yaml:3:1: error: a record page needs an id, so it cannot be in the menu; drop "nav:"',
      ],
      rules: ['bad-value'],
    },
  ])
})
