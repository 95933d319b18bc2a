// public-unknown and personal data: what a page shows to everyone must be in
// its bucket's public view, and the public view never publishes files or the
// submitter's contact details.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

const NO_PUBLIC_LIST =
  'bucket "reports" has no public: view, so a public list of it shows nothing; add public: { states, fields } to the ' +
  'bucket, or use view: mine or view: desk'

/** The base bucket plus a location field, with `public` on line 9 when given. */
const withLocation = (...publicView: string[]) => ({
  'buckets/reports.yaml': yaml(
    'title: Reports',
    'fields:',
    '  - { name: street, type: text, label: Street, personal: false }',
    '  - { name: where, type: location, label: Where }',
    'states:',
    '  - { name: new }',
    '  - { name: done }',
    'moves: [{ name: finish, from: [new], to: done }]',
    ...publicView,
  ),
})

describe('public-unknown: lists and maps of a bucket', () => {
  lintCases([
    {
      name: 'a public list without a public view: at bucket when view is left out, at view when it is written',
      files: {
        'pages/index.yaml': yaml(
          'title: Home',
          'blocks:',
          '  - list: { bucket: reports }',
          '  - list: { bucket: reports, view: public }',
          '  - list: { bucket: reports, view: mine }',
        ),
      },
      lines: [`pages/index.yaml:3:21: error: ${NO_PUBLIC_LIST}`, `pages/index.yaml:4:36: error: ${NO_PUBLIC_LIST}`],
      rules: ['public-unknown', 'public-unknown'],
    },
    {
      name: 'a map without a public view',
      files: {
        ...withLocation(),
        'pages/index.yaml': yaml('title: Home', 'blocks:', '  - map: { bucket: reports, field: where }'),
      },
      lines: [
        'pages/index.yaml:3:20: error: bucket "reports" has no public: view, and a map shows only public records; ' +
          'add public: { states, fields } to the bucket',
      ],
      rules: ['public-unknown'],
    },
    {
      name: 'a map whose location is not in public.fields',
      files: {
        ...withLocation('public: { fields: [street] }'),
        'pages/index.yaml': yaml('title: Home', 'blocks:', '  - map: { bucket: reports, field: where }'),
      },
      lines: [
        'pages/index.yaml:3:36: error: field "where" is not in the public view of bucket "reports", and a map shows ' +
          'only public fields; add it to public.fields',
      ],
      rules: ['public-unknown'],
    },
    {
      name: 'a public list and a map of public fields are clean',
      files: {
        ...withLocation('public: { states: [done], fields: [street, where] }'),
        'pages/index.yaml': yaml(
          'title: Home',
          'blocks:',
          '  - list: { bucket: reports }',
          '  - map: { bucket: reports, field: where }',
        ),
      },
      lines: [],
      rules: [],
    },
  ])
})

const DISTRICTS = yaml(
  'title: Districts',
  'fields:',
  '  - { name: name, type: text, label: Name, personal: false }',
  'states:',
  '  - { name: active }',
)
const REPORTS = yaml(
  'title: Reports',
  'fields:',
  '  - { name: district, type: record, of: districts, label: District }',
  'states:',
  '  - { name: new }',
)

describe('public-unknown warning: a form offers records visitors cannot see', () => {
  lintCases([
    {
      name: 'a form on a public page, its record field of a bucket without a public view',
      files: { 'buckets/districts.yaml': DISTRICTS, 'buckets/reports.yaml': REPORTS },
      lines: [
        'pages/index.yaml:3:11: warning: field "district" offers records of bucket "districts", which has no public: ' +
          'view, so visitors have nothing to choose from; add public: to bucket "districts"',
      ],
      rules: ['public-unknown'],
    },
    {
      name: 'not on a page for some groups, nor where the page fills the field in',
      files: {
        'buckets/districts.yaml': DISTRICTS,
        'buckets/reports.yaml': REPORTS,
        'pages/index.yaml': yaml('title: Home', 'access: [staff]', 'blocks:', '  - form: reports'),
        'pages/districts/_record.yaml': yaml(
          'record: districts',
          'title: District',
          'access: [staff]',
          'blocks:',
          '  - form: reports',
        ),
      },
      lines: [],
      rules: [],
    },
  ])
})

describe('public.fields: files and personal data', () => {
  lintCases([
    {
      name: 'a file and a contact field are errors, another e-mail or phone field a warning',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - { name: street, type: text, label: Street, personal: false }',
          '  - { name: email, type: email, label: E-mail, contact: true }',
          '  - { name: office, type: email, label: Office }',
          '  - { name: phone, type: phone, label: Phone }',
          '  - { name: photo, type: file, label: Photo }',
          'states:',
          '  - { name: new }',
          'public:',
          '  fields: [street, email, office, phone, photo]',
        ),
      },
      lines: [
        'buckets/reports.yaml:11:20: error: field "email" is the submitter\'s contact (contact: true), and making it ' +
          'public would publish personal data; take it out of public.fields',
        'buckets/reports.yaml:11:27: warning: field "office" is an e-mail address that everyone could read; take it ' +
          'out of public.fields unless it is meant to be public',
        'buckets/reports.yaml:11:35: warning: field "phone" is a phone number that everyone could read; take it out ' +
          'of public.fields unless it is meant to be public',
        'buckets/reports.yaml:11:42: error: field "photo" is a file, and files are never public: they are only ' +
          'served to desk readers; take it out of public.fields',
      ],
      rules: ['bad-value', 'bad-value', 'bad-value', 'bad-value'],
    },
  ])
})
