// A site model for the records tests, written as the compiler would produce
// it: two storylines, texts one entry per storyline. Every name is fresh per
// test, so tests sharing one NATS server never meet in a bucket or a group.
import { randomBytes } from 'node:crypto'
import type { Bucket, Move, SiteModel, State, Text } from '../../server/content/model'

const same = (value: string): Text => [value, value]
const state = (name: string, extra: Partial<State> = {}): State => ({
  name,
  label: [name, `${name} (story)`],
  ...extra,
})
const move = (name: string, from: string[], to: string, extra: Partial<Move> = {}): Move => ({
  name,
  from,
  to,
  label: same(name),
  ...extra,
})

export interface SiteNames {
  cases: string
  districts: string
  signups: string
  volunteers: string
  members: string
}

export function freshNames(): SiteNames {
  const id = randomBytes(4).toString('hex')
  return { cases: `c${id}`, districts: `d${id}`, signups: `s${id}`, volunteers: `v${id}`, members: `m${id}` }
}

export function recordsSite(names: SiteNames, { withCloseMove = true } = {}): SiteModel {
  const cases: Bucket = {
    name: names.cases,
    title: same('Cases'),
    signIn: 'optional',
    fields: [
      { name: 'street', type: 'text', label: same('Street'), required: true, contact: false },
      { name: 'details', type: 'textarea', label: same('Details'), required: false, contact: false },
      { name: 'email', type: 'email', label: same('E-mail'), required: false, contact: true },
      {
        name: 'kind',
        type: 'choice',
        label: same('Kind'),
        required: false,
        contact: false,
        options: [{ value: 'hole', label: ['Pothole', 'A hole in the road'] }],
      },
      { name: 'urgent', type: 'checkbox', label: same('Urgent'), required: false, contact: false },
      {
        name: 'district',
        type: 'record',
        of: names.districts,
        label: same('District'),
        required: false,
        contact: false,
      },
      { name: 'location', type: 'location', label: same('Where'), required: false, contact: false },
    ],
    states: [
      state('new'),
      state('accepted', { grants: names.volunteers }),
      state('fixed', { after: { days: 14, to: 'closed' } }),
      state('closed'),
      state('withdrawn'),
    ],
    moves: [
      move('accept', ['new'], 'accepted', {
        mail: {
          to: 'submitter',
          subject: ['Accepted: {{record.street}}', 'Good news: {{ record.street }}'],
          body: [
            '{{site.name}}: {{record.state}}. {{link}}',
            '{{site.name}} says {{record.state}}: {{record.kind}} in {{record.district}}, urgent {{record.urgent}}, ' +
              'at {{record.location}}. {{record.details}} {{link}}',
          ],
        },
      }),
      move('reject', ['new'], 'closed'),
      move('fix', ['accepted'], 'fixed'),
      ...(withCloseMove
        ? [
            move('close', ['fixed'], 'closed', {
              mail: {
                to: 'roads@example.org',
                subject: same('Closed: {{record.street}}'),
                body: same('{{record.state}} {{link}}'),
              },
            }),
          ]
        : []),
    ],
    self: [move('withdraw', ['new'], 'withdrawn'), move('still_broken', ['fixed'], 'accepted')],
  }
  const districts: Bucket = {
    name: names.districts,
    title: same('Districts'),
    signIn: 'none',
    fields: [{ name: 'name', type: 'text', label: same('Name'), required: true, contact: false }],
    states: [state('open')],
    moves: [],
    self: [],
  }
  const signups: Bucket = {
    name: names.signups,
    title: same('Sign-ups'),
    signIn: 'none',
    fields: [{ name: 'email', type: 'email', label: same('E-mail'), required: true, contact: true }],
    states: [state('joined', { grants: names.members })],
    moves: [],
    self: [],
  }
  return {
    storylines: ['plain', 'story'],
    branding: {
      name: ['Fix My Street', 'Our Street'],
      colors: { primary: '#000000', accent: '#111111', text: '#222222', background: '#ffffff' },
      font: 'system',
      language: 'en',
    },
    pages: [
      { path: '/', file: 'pages/index.yaml', title: same('Home'), access: 'public', responsible: [], blocks: [] },
      {
        path: '/cases/:id',
        file: 'pages/cases/_record.yaml',
        title: same('Case'),
        access: 'public',
        responsible: [],
        record: names.cases,
        blocks: [],
      },
    ],
    buckets: new Map([cases, districts, signups].map((b) => [b.name, b])),
    desks: new Map(),
    policies: [],
    publicFiles: new Set(),
  }
}
