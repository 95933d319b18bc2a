// site.yaml, files under public/, and files the service does not read.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

const site = (...lines: string[]) => ({ 'site.yaml': yaml('name: Test site', 'storylines: [a, b]', ...lines) })

describe('site.yaml', () => {
  lintCases([
    {
      name: 'timezone: an IANA name is fine',
      files: site('timezone: America/New_York'),
      lines: [],
      rules: [],
    },
    {
      name: 'bad-value: a timezone that is not one, with the name meant',
      files: site('timezone: Europe/Olso'),
      lines: ['site.yaml:3:11: error: "Europe/Olso" is not a time zone; did you mean "Europe/Oslo"?'],
      rules: ['bad-value'],
    },
    {
      name: 'bad-value: a timezone nothing like one',
      files: site('timezone: CEST+2'),
      lines: ['site.yaml:3:11: error: "CEST+2" is not a time zone; use an IANA name such as Europe/Oslo'],
      rules: ['bad-value'],
    },
    {
      name: 'missing-file: a logo that is not under public/, with the file meant',
      files: { ...site('logo: logo.svg'), 'public/logo.png': 'png' },
      lines: ['site.yaml:3:7: error: logo "logo.svg" is not a file under public/; did you mean "logo.png"?'],
      rules: ['missing-file'],
    },
    {
      name: 'missing-file: a favicon, with no file near it',
      files: site('favicon: icons/favicon.ico'),
      lines: ['site.yaml:3:10: error: favicon "icons/favicon.ico" is not a file under public/'],
      rules: ['missing-file'],
    },
    {
      name: 'staff_storyline names one of the storylines',
      files: site('staff_storyline: b'),
      lines: [],
      rules: [],
    },
    {
      name: 'unknown-reference: a staff_storyline that is not one of the storylines, with the one meant',
      files: site('staff_storyline: bb'),
      lines: ['site.yaml:3:18: error: staff_storyline "bb" is not one of the storylines (a, b); did you mean "b"?'],
      rules: ['unknown-reference'],
    },
    {
      name: 'a logo written as its /site/ address is found',
      files: { ...site('logo: /site/logo.svg'), 'public/logo.svg': '<svg/>' },
      lines: [],
      rules: [],
    },
    {
      name: 'a colour that could break out of the stylesheet',
      files: site('colors:', '  primary: "#0b6e4f"', '  accent: "red;} body {display:none"'),
      lines: ['site.yaml:5:11: error: "red;} body {display:none" is not a colour; write it like #0b6e4f'],
      rules: ['bad-value'],
    },
    {
      name: 'an unquoted # colour is a YAML comment: the colour is empty, where the comment starts',
      files: site('colors:', '  primary: #0b6e4f'),
      lines: [
        'site.yaml:4:12: error: site.yaml at colors.primary should be a text, not empty; a # starts a YAML comment, ' +
          'so write the colour in quotes: primary: "#0b6e4f"',
      ],
      rules: ['wrong-type'],
    },
    {
      name: 'the hint quotes the colour that went into the comment',
      files: site('colors:', '  accent: #f2c14e   # brand yellow'),
      lines: [
        'site.yaml:4:11: error: site.yaml at colors.accent should be a text, not empty; a # starts a YAML comment, ' +
          'so write the colour in quotes: accent: "#f2c14e"',
      ],
      rules: ['wrong-type'],
    },
    {
      name: 'an empty colour without a comment gets no hint about comments',
      files: site('colors:', '  text:'),
      lines: ['site.yaml:4:8: error: site.yaml at colors.text should be a text, not empty'],
      rules: ['wrong-type'],
    },
    {
      name: 'a font that is not a font file',
      files: { ...site('font: brand.png'), 'public/brand.png': 'png' },
      lines: [
        'site.yaml:3:7: error: font "brand.png" is not a font file; give a .woff2, .woff, .ttf or .otf file under ' +
          'public/, or write system',
      ],
      rules: ['bad-value'],
    },
    {
      name: 'a font file in a folder, its ending in capitals',
      files: { ...site('font: fonts/Brand.WOFF2'), 'public/fonts/Brand.WOFF2': 'woff2' },
      lines: [],
      rules: [],
    },
    {
      name: 'a language that is not a language tag',
      files: site('language: Norwegian'),
      lines: ['site.yaml:3:11: error: site.yaml at language: use a language tag such as en or nb'],
      rules: ['bad-value'],
    },
    {
      name: 'an inbox that is not an address',
      files: site('inbox: post at example.org'),
      lines: ['site.yaml:3:8: error: site.yaml at inbox: Invalid email address'],
      rules: ['bad-value'],
    },
    {
      name: 'no site.yaml',
      files: { 'site.yaml': null },
      lines: ['site.yaml:1:1: error: site.yaml is missing: every site needs one for its name and branding'],
      rules: ['missing-file'],
    },
    {
      name:
        'a site.yml with a syntax error is not also reported missing (told at the line the [ opens, not where the ' +
        'parser gave up)',
      files: { 'site.yaml': null, 'site.yml': yaml('name: [Test site', 'storylines: [a, b]') },
      lines: ['site.yml:1:7: error: the [ opened here is never closed: end the list with ] on this line'],
      rules: ['yaml-syntax'],
    },
  ])
})

describe('unknown-file (warnings, exit 0)', () => {
  lintCases([
    {
      name: 'a yaml file in an unknown folder',
      files: { 'extra/notes.yaml': yaml('note: hello') },
      lines: ['extra/notes.yaml:1:1: warning: this file is not read by the service'],
      rules: ['unknown-file'],
    },
    {
      name: 'a folder name one letter off',
      files: { 'page/about.yaml': yaml('title: About') },
      lines: ['page/about.yaml:1:1: warning: this file is not read by the service; did you mean "pages/"?'],
      rules: ['unknown-file'],
    },
    {
      name: 'a bucket file in a subfolder',
      files: { 'buckets/old/reports.yaml': yaml('title: Old') },
      lines: [
        'buckets/old/reports.yaml:1:1: warning: buckets/ holds files directly, not in folders; this file is not read',
      ],
      rules: ['unknown-file'],
    },
    {
      name: 'files that are not content are not mentioned',
      files: {
        'README.md': '# Site\n',
        '.github/workflows/lint.yaml': yaml('on: push'),
        'public/data.yaml': yaml('a: 1'),
      },
      lines: [],
      rules: [],
    },
  ])
})
