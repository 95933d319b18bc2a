// reserved-name and duplicate-name: svc_ belongs to the service, and every
// name is declared once.
import { describe } from 'vitest'
import { lintCases, yaml } from './repo'

const RESERVED = 'names starting with svc_ are reserved for the service'
const ROUTES =
  '(reserved: site, pkg, report, attachment, healthz, readyz, auth, desk, hooks, automation, file, self, my, dev, tiles, invite, suggest, svc and ' +
  'anything starting with svc_)'
const route = (part: string) =>
  `/${part} belongs to the service itself, so no page can be served under it; rename "${part}" ${ROUTES}`

describe('reserved-name', () => {
  lintCases([
    {
      name: 'a bucket file',
      files: {
        'buckets/svc_items.yaml': yaml(
          'title: Items',
          'fields:',
          '  - { name: street, type: text, label: Street, personal: false }',
          'states:',
          '  - { name: new }',
        ),
      },
      lines: [`buckets/svc_items.yaml:1:1: error: ${RESERVED}; rename buckets/svc_items.yaml`],
      rules: ['reserved-name'],
    },
    {
      name: 'a desk file',
      files: { 'desks/svc_admin.yaml': yaml('title: Admin', 'group: admins', 'buckets: [reports]') },
      lines: [`desks/svc_admin.yaml:1:1: error: ${RESERVED}; rename desks/svc_admin.yaml`],
      rules: ['reserved-name'],
    },
    {
      name: 'a desk named case, the staff link resolver under /desk',
      files: { 'desks/case.yaml': yaml('title: Cases', 'group: admins', 'buckets: [reports]') },
      lines: [`desks/case.yaml:1:1: error: /desk/case/ is the service's own link to a case; rename desks/case.yaml`],
      rules: ['reserved-name'],
    },
    {
      name: 'a field name',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - { name: svc_notes, type: text, label: Notes, personal: false }',
          'states:',
          '  - { name: new }',
        ),
      },
      lines: [`buckets/reports.yaml:3:13: error: buckets/reports.yaml at fields[0].name: ${RESERVED}`],
      rules: ['reserved-name'],
    },
    {
      name: 'a state name',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - { name: street, type: text, label: Street, personal: false }',
          'states:',
          '  - { name: svc_open }',
        ),
      },
      lines: [`buckets/reports.yaml:5:13: error: buckets/reports.yaml at states[0].name: ${RESERVED}`],
      rules: ['reserved-name'],
    },
    {
      name: 'a desk group',
      files: { 'desks/staff.yaml': yaml('title: Staff', 'group: svc_admin', 'buckets: [reports]') },
      lines: [`desks/staff.yaml:2:8: error: desks/staff.yaml at group: ${RESERVED}`],
      rules: ['reserved-name'],
    },
    {
      name: 'a group a desk invites into',
      files: {
        'desks/staff.yaml': yaml('title: Staff', 'group: staff', 'buckets: [reports]', 'invites: [staff, svc_all]'),
      },
      lines: [`desks/staff.yaml:4:18: error: desks/staff.yaml at invites[1]: ${RESERVED}`],
      rules: ['reserved-name'],
    },
    {
      name: 'a field called state, which {{record.state}} already means',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - { name: state, type: text, label: State, personal: false }',
          'states:',
          '  - { name: new }',
        ),
      },
      lines: [
        'buckets/reports.yaml:3:13: error: buckets/reports.yaml at fields[0].name: a field may not be called state: ' +
          "{{record.state}} in a mail already means the record's state; pick another name, e.g. status",
      ],
      rules: ['reserved-name'],
    },
    {
      name: 'a group a page is open to',
      files: { 'pages/index.yaml': yaml('title: Home', 'access: [staff, svc_admins]') },
      lines: [`pages/index.yaml:2:17: error: pages/index.yaml at access[1]: ${RESERVED}`],
      rules: ['reserved-name'],
    },
  ])
})

const FIELDS = ['fields:', '  - { name: street, type: text, label: Street, personal: false }']
const STATES = ['states:', '  - { name: new }', '  - { name: done }']
/** 69 characters: a valid name in every way but its length. */
const LONG = `street_reports_${'x'.repeat(54)}`

describe('reserved-name: page paths the service serves itself', () => {
  lintCases([
    {
      name: 'pages/site.yaml',
      files: { 'pages/site.yaml': yaml('title: Site') },
      lines: [`pages/site.yaml:1:1: error: ${route('site')}`],
      rules: ['reserved-name'],
    },
    {
      name: 'pages/svc.yaml',
      files: { 'pages/svc.yaml': yaml('title: Svc') },
      lines: [`pages/svc.yaml:1:1: error: ${route('svc')}`],
      rules: ['reserved-name'],
    },
    {
      name: 'pages/my.yaml: /my is the submitters’ case pages',
      files: { 'pages/my.yaml': yaml('title: Mine') },
      lines: [`pages/my.yaml:1:1: error: ${route('my')}`],
      rules: ['reserved-name'],
    },
    {
      name: 'a folder: pages/desk/index.yaml',
      files: { 'pages/desk/index.yaml': yaml('title: Desk') },
      lines: [`pages/desk/index.yaml:1:1: error: ${route('desk')}`],
      rules: ['reserved-name'],
    },
    {
      name: 'a record page under a route: pages/healthz/_record.yaml',
      files: { 'pages/healthz/_record.yaml': yaml('record: reports', 'title: Report') },
      lines: [`pages/healthz/_record.yaml:1:1: error: ${route('healthz')}`],
      rules: ['reserved-name'],
    },
    {
      name: 'svc_ is reported as reserved, not as a bad folder name',
      files: { 'pages/svc_admin/tools.yaml': yaml('title: Tools') },
      lines: [`pages/svc_admin/tools.yaml:1:1: error: ${route('svc_admin')}`],
      rules: ['reserved-name'],
    },
    {
      name: 'only the first part counts, and only whole parts',
      files: {
        'pages/desks.yaml': yaml('title: Desks'),
        'pages/help/site.yaml': yaml('title: About the site'),
        'pages/report-a-hole.yaml': yaml('title: Report'),
      },
      lines: [],
      rules: [],
    },
  ])
})

describe('duplicate-name', () => {
  lintCases([
    {
      name: 'two fields with one name, at the second',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          ...FIELDS,
          '  - { name: street, type: textarea, label: Street again, personal: false }',
          'states:',
          '  - { name: new }',
        ),
      },
      lines: ['buckets/reports.yaml:4:13: error: a field named "street" is already declared in this bucket'],
      rules: ['duplicate-name'],
    },
    {
      name: 'two states with one name',
      files: { 'buckets/reports.yaml': yaml('title: Reports', ...FIELDS, ...STATES, '  - { name: new }') },
      lines: ['buckets/reports.yaml:7:13: error: a state named "new" is already declared in this bucket'],
      rules: ['duplicate-name'],
    },
    {
      name: 'two moves with one name',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          ...FIELDS,
          ...STATES,
          'moves:',
          '  - { name: finish, from: [new], to: done }',
          '  - { name: finish, from: [done], to: new }',
        ),
      },
      lines: ['buckets/reports.yaml:9:13: error: a move named "finish" is already declared in this bucket'],
      rules: ['duplicate-name'],
    },
    {
      name: 'a self move with the name of a desk move',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          ...FIELDS,
          ...STATES,
          'moves:',
          '  - { name: finish, from: [new], to: done }',
          'self:',
          '  - { name: finish, to: done }',
        ),
      },
      lines: ['buckets/reports.yaml:10:13: error: a move named "finish" is already declared in this bucket'],
      rules: ['duplicate-name'],
    },
    {
      name: 'two options with one value, written as a string and as { value, label }',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - name: kind',
          '    type: choice',
          '    label: Kind',
          '    options:',
          '      - hole',
          '      - { value: crack, label: Crack }',
          '      - { value: hole, label: Another hole }',
          '      - crack',
          'states:',
          '  - { name: new }',
        ),
      },
      lines: [
        'buckets/reports.yaml:9:18: error: the option value "hole" is already listed in field "kind"; each option ' +
          'needs its own value',
        'buckets/reports.yaml:10:9: error: the option value "crack" is already listed in field "kind"; each option ' +
          'needs its own value',
      ],
      rules: ['duplicate-name', 'duplicate-name'],
    },
    {
      name: 'a storyline listed twice',
      files: { 'site.yaml': yaml('name: Test site', 'storylines: [a, b, a]') },
      lines: ['site.yaml:2:20: error: storyline "a" is listed twice'],
      rules: ['duplicate-name'],
    },
    {
      name: 'a bucket as .yml and .yaml',
      files: { 'buckets/reports.yml': yaml('title: Reports', ...FIELDS, ...STATES) },
      lines: ['buckets/reports.yml:1:1: error: a bucket named "reports" is already defined in buckets/reports.yaml'],
      rules: ['duplicate-name'],
    },
  ])
})

describe('names authors cannot use', () => {
  lintCases([
    {
      name: 'a bucket file name with capitals and a dash',
      files: { 'buckets/Big-Bucket.yaml': yaml('title: Big', ...FIELDS, ...STATES) },
      lines: ['buckets/Big-Bucket.yaml:1:1: error: "Big-Bucket" cannot be a name; use lowercase letters, digits and _'],
      rules: ['bad-value'],
    },
    {
      name: 'a field name with a capital',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          'fields:',
          '  - { name: Street, type: text, label: Street, personal: false }',
          ...STATES,
        ),
      },
      lines: [
        'buckets/reports.yaml:3:13: error: buckets/reports.yaml at fields[0].name: use lowercase letters, digits and ' +
          '_ (starting with a letter)',
      ],
      rules: ['bad-value'],
    },
    {
      name: 'a bucket file name of 69 characters, which no URL could serve',
      files: {
        [`buckets/${LONG}.yaml`]: yaml('title: Long', ...FIELDS, ...STATES),
        'pages/index.yaml': yaml('title: Home', 'blocks:', '  - form: reports', `  - form: ${LONG}`),
      },
      lines: [
        `buckets/${LONG}.yaml:1:1: error: "${LONG}" is 69 characters; names go into the service's URLs, so use at ` +
          `most 64`,
        `pages/index.yaml:4:11: error: pages/index.yaml at blocks[1].form: use at most 64 characters, as names go ` +
          `into the service's URLs`,
      ],
      rules: ['bad-value', 'bad-value'],
    },
    {
      name: 'a desk file name of 69 characters',
      files: { [`desks/${LONG}.yaml`]: yaml('title: Long', 'group: staff', 'buckets: [reports]') },
      lines: [
        `desks/${LONG}.yaml:1:1: error: "${LONG}" is 69 characters; names go into the service's URLs, so use at most ` +
          `64`,
      ],
      rules: ['bad-value'],
    },
    {
      name: 'a move name of 69 characters, at its place',
      files: {
        'buckets/reports.yaml': yaml(
          'title: Reports',
          ...FIELDS,
          ...STATES,
          'moves:',
          `  - { name: ${LONG}, from: [new], to: done }`,
        ),
      },
      lines: [
        `buckets/reports.yaml:8:13: error: buckets/reports.yaml at moves[0].name: use at most 64 characters, as ` +
          `names go into the service's URLs`,
      ],
      rules: ['bad-value'],
    },
    {
      name: 'a name of exactly 64 characters is fine',
      files: {
        [`buckets/${LONG.slice(0, 64)}.yaml`]: yaml('title: Long', ...FIELDS, ...STATES),
        'pages/index.yaml': yaml('title: Home', 'blocks:', '  - form: reports', `  - form: ${LONG.slice(0, 64)}`),
      },
      lines: [],
      rules: [],
    },
  ])
})
