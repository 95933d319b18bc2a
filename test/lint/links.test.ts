// Dead links: every internal address a text makes reaches something on the site.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

const PAGES = {
  'pages/about/index.yaml': yaml('title: About'),
  'pages/about/privacy.yaml': yaml('title: Privacy'),
  'pages/districts/_record.yaml': yaml('title: District', 'record: reports', 'access: [staff]'),
  'public/street.svg': '<svg/>',
}

describe('dead-link error: internal links in Markdown', () => {
  lintCases([
    {
      name: 'pages, record pages with an id, desks, /site/ files, service addresses and outside links are fine',
      files: {
        ...PAGES,
        'pages/index.yaml': yaml(
          'title: Home',
          'blocks:',
          '  - text: |',
          '      [Privacy](/about/privacy/) [About](/about#us) [North](/districts/north?x=1) [Desk](/desk/staff)',
          '      ![Street](/site/street.svg) [Mine](/my) [Report](/report) [Out](https://example.org/nowhere)',
          '      Write to us at /about, or see //example.org/x and km/h and `/no/code`.',
        ),
      },
      lines: [],
      rules: [],
    },
    {
      name: 'a Markdown link to a page that does not exist, with did-you-mean',
      files: {
        ...PAGES,
        'pages/index.yaml': yaml('title: Home', 'blocks:', '  - text: "Read [our policy](/about/privcy)."'),
      },
      lines: ['pages/index.yaml:3:30: error: /about/privcy is not a page of this site; did you mean "/about/privacy"?'],
      rules: ['dead-link'],
    },
    {
      name: 'a bare path in the words, in one storyline of two',
      files: {
        ...PAGES,
        'pages/index.yaml': yaml('title: Home', 'blocks:', '  - text: ["See /about.", "See /abuot/privacy, please."]'),
      },
      lines: [
        'pages/index.yaml:3:32: error: /abuot/privacy is not a page of this site; did you mean "/about/privacy"?',
      ],
      rules: ['dead-link'],
    },
    {
      name: 'no near page: the file to add is named',
      files: { 'pages/index.yaml': yaml('title: Home', 'blocks:', '  - text: "[Contact](/contact-us)"') },
      lines: [
        'pages/index.yaml:3:22: error: /contact-us is not a page of this site; add pages/contact-us.yaml or correct ' +
          'the address',
      ],
      rules: ['dead-link'],
    },
    {
      name: 'a record page is matched by its pattern, not by the id: one part too many is dead',
      files: { ...PAGES, 'pages/index.yaml': yaml('title: Home', 'blocks:', '  - text: "[N](/districts/north/map)"') },
      lines: [
        'pages/index.yaml:3:16: error: /districts/north/map is not a page of this site; add ' +
          'pages/districts/north/map.yaml or correct the address',
      ],
      rules: ['dead-link'],
    },
    {
      name: 'a desk that does not exist',
      files: { 'pages/index.yaml': yaml('title: Home', 'blocks:', '  - text: "[Desk](/desk/staf)"') },
      lines: ['pages/index.yaml:3:19: error: /desk/staf is not a desk of this site; did you mean "/desk/staff"?'],
      rules: ['dead-link'],
    },
    {
      name: 'a /site/ picture that is not under public/',
      files: { ...PAGES, 'pages/index.yaml': yaml('title: Home', 'blocks:', '  - text: "![S](/site/stret.svg)"') },
      lines: ['pages/index.yaml:3:17: error: /site/stret.svg is not a file under public/; did you mean "street.svg"?'],
      rules: ['missing-file'],
    },
    {
      name: 'the footer, a reference link in the thanks, and a mail body',
      files: {
        ...PAGES,
        'site.yaml': yaml(
          'name: Test site',
          'storylines: [a, b]',
          'inbox: post@example.org',
          'footer: "[Privacy](/privacy)"',
        ),
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - { name: street, type: text, label: Street, personal: false }',
          '  - { name: email, type: email, label: E-mail }',
          'states:',
          '  - { name: new }',
          '  - { name: done }',
          'moves:',
          '  - name: finish',
          '    from: [new]',
          '    to: done',
          '    mail: { to: email, subject: Done, body: "Read [more](/abut) about it." }',
          'thanks: |',
          '  See [this][p].',
          '',
          '  [p]: /potholes',
        ),
      },
      lines: [
        'buckets/reports.yaml:12:58: error: /abut is not a page of this site; did you mean "/about"?',
        'buckets/reports.yaml:16:8: error: /potholes is not a page of this site; add pages/potholes.yaml or correct ' +
          'the address',
        'site.yaml:4:20: error: /privacy is not a page of this site; add pages/privacy.yaml or correct the address',
      ],
      rules: ['dead-link', 'dead-link', 'dead-link'],
    },
  ])
})
