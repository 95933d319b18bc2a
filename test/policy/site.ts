// A small site model for the policy tests, written as the compiler would
// produce it: two storylines, texts already one entry per storyline.
import type { Bucket, Desk, Page, SiteModel, Text } from '../../server/content/model'

const text = (value: string): Text => [value, value]
const state = (name: string) => ({ name, label: text(name) })
const move = (name: string, from: string[], to: string) => ({ name, from, to, label: text(name) })

const potholes: Bucket = {
  name: 'potholes',
  title: text('Potholes'),
  signIn: 'optional',
  fields: [
    { name: 'street', type: 'text', label: text('Street'), required: true, contact: false },
    { name: 'photo', type: 'file', label: text('Photo'), required: false, contact: false },
  ],
  states: ['new', 'accepted', 'fixed', 'withdrawn'].map(state),
  moves: [move('accept', ['new'], 'accepted'), move('fix', ['accepted'], 'fixed')],
  self: [
    move('withdraw', ['new', 'accepted'], 'withdrawn'),
    // Written without `from`: the model has already put the initial state there.
    move('cancel', ['new'], 'withdrawn'),
  ],
  public: { states: ['accepted', 'fixed'], fields: ['street'] },
}

const permits: Bucket = {
  name: 'permits',
  title: text('Permits'),
  signIn: 'required',
  fields: [{ name: 'reason', type: 'textarea', label: text('Reason'), required: true, contact: false }],
  states: ['applied', 'granted'].map(state),
  moves: [move('grant', ['applied'], 'granted')],
  self: [],
}

const desks: Desk[] = [
  {
    name: 'caseworkers',
    title: text('Case desk'),
    group: 'caseworkers',
    buckets: ['potholes', 'permits'],
    invites: ['caseworkers', 'volunteers'],
    suggestions: false,
  },
  {
    name: 'road_crew',
    title: text('Road crew'),
    group: 'road_crew',
    buckets: ['potholes'],
    invites: [],
    suggestions: false,
  },
]

const pages: Page[] = [
  {
    path: '/',
    file: 'pages/index.yaml',
    title: text('Home'),
    access: 'public',
    responsible: [{ name: 'Kari Nordmann', email: 'kari@example.org', phone: '+4791234567' }],
    blocks: [
      { kind: 'form', bucket: 'potholes' },
      { kind: 'form', bucket: 'permits' },
    ],
  },
  {
    path: '/staff',
    file: 'pages/staff.yaml',
    title: text('Staff'),
    access: ['caseworkers'],
    responsible: [],
    blocks: [],
  },
]

export const extraPolicy = [
  'permit (principal in Group::"volunteers", action == Action::"read", resource in Bucket::"permits");',
  '// The road crew may not mark repairs themselves, although their desk has the button.',
  'forbid (principal in Group::"road_crew", action == Action::"move", resource in Bucket::"potholes") when { ' +
    'context.edge == "fix" };',
].join('\n')

export const site: SiteModel = {
  storylines: ['plain', 'story'],
  branding: {
    name: text('Fix My Street'),
    colors: { primary: '#000000', accent: '#111111', text: '#222222', background: '#ffffff' },
    font: 'system',
    language: 'en',
  },
  pages,
  buckets: new Map([
    [potholes.name, potholes],
    [permits.name, permits],
  ]),
  desks: new Map(desks.map((d) => [d.name, d])),
  policies: [{ file: 'policy/extra.cedar', text: extraPolicy }],
  publicFiles: new Set(),
}
