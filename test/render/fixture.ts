// A small site told in two storylines. Every text ends in the marker of its
// storyline, so a test can prove a page shows one storyline only.
import type { Branding, Bucket, Field, Page, SiteModel, Text } from '../../server/content/model'

export const PLAIN = '«plain»'
export const STORY = '«story»'

export function t(text: string): Text {
  return [`${text} ${PLAIN}`, `${text} ${STORY}`]
}

export const assets = { css: '/pkg/site.css' } as const

function field(name: string, type: Field['type'], extra: Partial<Field> = {}): Field {
  return { name, type, label: t(`Label ${name}`), required: false, contact: false, ...extra }
}

const options = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ value: `opt${i}`, label: t(`Option ${i}`) }))

export const potholes: Bucket = {
  name: 'potholes',
  title: t('Potholes'),
  signIn: 'optional',
  fields: [
    field('street', 'text', { required: true, maxLength: 120, help: t('Street help') }),
    field('details', 'textarea', { maxLength: 2000 }),
    field('email', 'email', { contact: true }),
    field('phone', 'phone'),
    field('depth', 'number'),
    field('seen', 'date'),
    field('kind', 'choice', { required: true, options: options(3) }),
    field('borough', 'choice', { options: options(7) }),
    field('agree', 'checkbox'),
    field('photo', 'file', { accept: ['image/*', 'application/pdf'], maxMb: 10 }),
    field('district', 'record', { of: 'districts' }),
    field('location', 'location'),
  ],
  states: [{ name: 'new', label: t('New') }],
  moves: [],
  self: [],
  thanks: t('Thanks'),
}

const districts: Bucket = {
  name: 'districts',
  title: t('Districts'),
  signIn: 'none',
  fields: [field('name', 'text', { required: true })],
  states: [{ name: 'open', label: t('Open') }],
  moves: [],
  self: [],
}

function page(path: string, title: string, blocks: Page['blocks'], extra: Partial<Page> = {}): Page {
  return { path, file: `pages${path}.yaml`, title: t(title), responsible: [], access: 'public', blocks, ...extra }
}

export const pages = {
  home: page('/', 'Home', [{ kind: 'text', text: t('Welcome to **the street**') }]),
  potholes: page('/potholes', 'Report a pothole', [
    { kind: 'text', text: t('Tell us') },
    { kind: 'form', bucket: 'potholes' },
    { kind: 'list', bucket: 'potholes', view: 'public' },
    { kind: 'map', bucket: 'potholes', field: 'location' },
  ]),
  district: page(
    '/districts/:id',
    'District',
    [
      { kind: 'form', bucket: 'potholes' },
      { kind: 'list', bucket: 'potholes', view: 'public', where: { field: 'district', equals: 'record' } },
    ],
    { record: 'districts' },
  ),
  staff: page('/staff', 'Staff only', [], { access: ['caseworkers'] }),
  team: page('/about/team', 'Our team', []),
}

export function createSite(branding: Partial<Branding> = {}): SiteModel {
  return {
    storylines: ['plain', 'story'],
    branding: {
      name: t('Fix My Street'),
      tagline: t('Streets for everyone'),
      logo: 'logo.svg',
      favicon: 'favicon.svg',
      colors: { primary: '#0b6e4f', accent: '#f2c14e', text: '#1b1b1b', background: '#ffffff' },
      font: 'system',
      footer: t('Run by [the city](https://example.org)'),
      language: 'en-GB',
      ...branding,
    },
    pages: Object.values(pages),
    buckets: new Map([
      ['potholes', potholes],
      ['districts', districts],
    ]),
    desks: new Map(),
    policies: [],
    publicFiles: new Set(['logo.svg', 'favicon.svg']),
  }
}
