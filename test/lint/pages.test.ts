// Page files: where they are served, record pages, and the people responsible.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

const DISTRICTS = {
  'buckets/districts.yaml': yaml(
    'title: Districts',
    'fields:',
    '  - { name: name, type: text, label: Name, personal: false }',
    'states:',
    '  - { name: active }',
    'public: { fields: [name] }',
  ),
}

describe('page paths', () => {
  lintCases([
    {
      name: 'page-path-clash: pages/a.yaml and pages/a/index.yaml',
      files: { 'pages/a.yaml': yaml('title: A'), 'pages/a/index.yaml': yaml('title: Also A') },
      lines: ['pages/a/index.yaml:1:1: error: this page is served at /a, and so is pages/a.yaml; rename one of them'],
      rules: ['page-path-clash'],
    },
    {
      name: 'a file name that cannot be a web address',
      files: { 'pages/About Us.yaml': yaml('title: About') },
      lines: [
        'pages/About Us.yaml:1:1: error: file name "About Us" cannot be part of a web address; use lowercase ' +
          'letters, digits and -',
      ],
      rules: ['bad-value'],
    },
    {
      name: 'missing-file warning: no pages/index.yaml, so nothing at /',
      files: { 'pages/index.yaml': null, 'pages/about.yaml': yaml('title: About') },
      lines: ['pages/index.yaml:1:1: warning: there is no pages/index.yaml, so the site has no page at /; add one'],
      rules: ['missing-file'],
    },
    {
      name: 'pages/index.yml is a home page too',
      files: { 'pages/index.yaml': null, 'pages/index.yml': yaml('title: Home') },
      lines: [],
      rules: [],
    },
    {
      name: 'a record page without a folder',
      files: { 'pages/_record.yaml': yaml('record: reports', 'title: Report') },
      lines: [
        'pages/_record.yaml:1:1: error: a record page needs a folder, e.g. pages/districts/_record.yaml for ' +
          '/districts/{id}',
      ],
      rules: ['bad-value'],
    },
  ])
})

describe('record pages', () => {
  lintCases([
    {
      name: '_record.yaml without record:',
      files: { 'pages/reports/_record.yaml': yaml('title: One report') },
      lines: [
        'pages/reports/_record.yaml:1:1: error: a record page (/reports/{id}) needs "record:" naming the bucket ' +
          'whose record it shows',
      ],
      rules: ['missing-key'],
    },
    {
      name: 'record: on a page that is not a _record.yaml, at the key',
      files: { 'pages/index.yaml': yaml('title: Home', 'record: reports') },
      lines: [
        'pages/index.yaml:2:1: error: only a _record.yaml page shows one record; rename the file or drop "record:"',
      ],
      rules: ['bad-value'],
    },
    {
      name: 'equals: record on a page that shows no record',
      files: {
        'pages/index.yaml': yaml(
          'title: Home',
          'blocks:',
          '  - list:',
          '      bucket: reports',
          '      view: desk',
          '      where: { field: street, equals: record }',
        ),
      },
      lines: [
        'pages/index.yaml:6:39: error: "equals: record" means the record this page shows, and only a _record.yaml ' +
          'page shows one',
      ],
      rules: ['bad-value'],
    },
    {
      name: "equals: record with a field that does not name the page's bucket",
      files: {
        ...DISTRICTS,
        'pages/districts/_record.yaml': yaml(
          'record: districts',
          'title: District',
          'blocks:',
          '  - list:',
          '      bucket: reports',
          '      view: desk',
          '      where: { field: street, equals: record }',
        ),
      },
      lines: [
        'pages/districts/_record.yaml:7:23: error: field "street" does not name a districts record, so it can never ' +
          "equal this page's record",
      ],
      rules: ['bad-value'],
    },
    {
      name: 'equals with anything but record, with a did-you-mean',
      files: {
        'pages/index.yaml': yaml(
          'title: Home',
          'blocks:',
          '  - list: { bucket: reports, view: desk, where: { field: street, equals: recrod } }',
        ),
      },
      lines: [
        'pages/index.yaml:3:74: error: unknown value "recrod" for pages/index.yaml at blocks[0].list.where.equals; ' +
          'did you mean "record"? (one of: record)',
      ],
      rules: ['bad-value'],
    },
    {
      name: 'public-unknown warning: a public record page of a bucket without a public view',
      files: { 'pages/reports/_record.yaml': yaml('record: reports', 'title: Report') },
      lines: [
        'pages/reports/_record.yaml:1:9: warning: bucket "reports" has no public: view, so only desk readers can see ' +
          'its records on this public page; add public: to the bucket, or give the page access: [groups]',
      ],
      rules: ['public-unknown'],
    },
    {
      name: 'a record page for some groups needs no public view',
      files: { 'pages/reports/_record.yaml': yaml('record: reports', 'title: Report', 'access: [staff]') },
      lines: [],
      rules: [],
    },
    {
      name: "equals: record with a record field of the page's bucket is clean",
      files: {
        ...DISTRICTS,
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - { name: district, type: record, of: districts, label: District }',
          'states:',
          '  - { name: new }',
        ),
        'pages/districts/_record.yaml': yaml(
          'record: districts',
          'title: District',
          'blocks:',
          '  - list:',
          '      bucket: reports',
          '      view: desk',
          '      where: { field: district, equals: record }',
        ),
      },
      lines: [],
      rules: [],
    },
  ])
})

describe('responsible people', () => {
  lintCases([
    {
      name: 'a person without email or phone',
      files: { 'pages/index.yaml': yaml('title: Home', 'responsible:', '  - { name: Kari Nordmann }') },
      lines: [
        'pages/index.yaml:3:5: error: responsible person "Kari Nordmann" needs an email or a phone so the service ' +
          'can give them an account',
      ],
      rules: ['missing-key'],
    },
    {
      name: 'a phone number that does not parse',
      files: {
        'pages/index.yaml': yaml(
          'title: Home',
          'responsible:',
          '  - { name: Kari, email: kari@example.org }',
          '  - { name: Ola, phone: "12" }',
        ),
      },
      lines: [
        'pages/index.yaml:4:25: error: "12" is not a phone number; write it with its country code, e.g. ' +
          '"+4791234567", or without + to have +47 put in front',
      ],
      rules: ['bad-value'],
    },
    {
      name: 'missing-key warning: responsible people but no inbox in site.yaml',
      files: {
        'site.yaml': yaml('# The test site', 'name: Test site', 'storylines: [a, b]'),
        'pages/about.yaml': yaml('title: About', 'responsible:', '  - { name: Kari, email: kari@example.org }'),
      },
      lines: [
        'site.yaml:2:1: warning: pages/about.yaml names responsible people, but site.yaml has no inbox, so their ' +
          "edit suggestions are kept but not mailed; add inbox: with the site's address",
      ],
      rules: ['missing-key'],
    },
    {
      name: 'an email address that does not parse',
      files: {
        'pages/index.yaml': yaml('title: Home', 'responsible:', '  - { name: Kari, email: kari(at)example.org }'),
      },
      lines: ['pages/index.yaml:3:26: error: pages/index.yaml at responsible[0].email: Invalid email address'],
      rules: ['bad-value'],
    },
    {
      name: 'a bare number and an international number are phones',
      files: {
        'pages/index.yaml': yaml(
          'title: Home',
          'responsible:',
          '  - { name: Ola, phone: "912 34 567" }',
          '  - { name: Per, phone: "+44 20 7946 0958" }',
        ),
      },
      lines: [],
      rules: [],
    },
    {
      name: 'an unquoted phone number is a number that lost its +: quote it',
      files: { 'pages/index.yaml': yaml('title: Home', 'responsible:', '  - { name: Kari, phone: +4791234567 }') },
      lines: [
        'pages/index.yaml:3:26: error: pages/index.yaml at responsible[0].phone should be a text, not a number; ' +
          'write the number in quotes, phone: "+4791234567", or YAML reads it as a number and drops a leading + or 0',
      ],
      rules: ['wrong-type'],
    },
  ])
})
