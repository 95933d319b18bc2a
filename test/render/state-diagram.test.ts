// Issue 31 item 4: a desk's drawn state diagram of the demo's potholes bucket,
// checked edge by edge against the bucket's YAML (not against the code's own
// model), with its closed states, grant and timed move marked in the drawing
// and in the list beside it, and the case page's state marked in words.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { loadContent, readCompileOptions } from '../../server/content/load'
import type { SiteModel } from '../../server/content/model'
import { createLocalSource } from '../../server/content/sources/local'
import { messagesFor } from '../../server/messages/messages'
import { renderDeskDiagram, renderStateDiagram } from '../../server/render/desk/state-diagram'
import { stateDrawing } from '../../server/render/desk/state-drawing'

const DEMO = fileURLToPath(new URL('../../examples/demo', import.meta.url))

interface RawMove {
  name: string
  from?: string[]
  to: string
  label: string[]
}
interface RawState {
  name: string
  label: string[]
  desk_label?: string
  after?: { days: number; to: string }
  grants?: string
  closed?: boolean
}
interface RawBucket {
  states: RawState[]
  moves: RawMove[]
  self?: RawMove[]
}

const raw = parse(readFileSync(join(DEMO, 'buckets/potholes.yaml'), 'utf8')) as RawBucket
const initial = raw.states[0]?.name ?? ''
/** What staff call a state: its desk_label, else its label in the first storyline. */
const staffName = (state: string) => {
  const found = raw.states.find((s) => s.name === state)
  return found?.desk_label ?? found?.label[0] ?? state
}
const unescape = (text: string) => text.replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/&#39;/g, "'")

let site: SiteModel

beforeAll(async () => {
  const loaded = await loadContent(createLocalSource(DEMO), readCompileOptions({}))
  if (!loaded.site) throw new Error(JSON.stringify(loaded.diagnostics))
  site = loaded.site
})

function potholes(current?: string): string {
  const bucket = site.buckets.get('potholes')
  if (bucket === undefined) throw new Error('no potholes bucket')
  return renderStateDiagram({
    site,
    bucket,
    story: 0,
    m: messagesFor(site, 0),
    ...(current ? { current } : {}),
  }).toString()
}

/** Every arrow in the drawing as "from -> to (kind)". */
const arrowsOf = (markup: string) =>
  [
    ...markup.matchAll(
      /<path class="sd-edge[^"]*" d="M [^"]+" [^>]*data-from="(\w+)" data-to="(\w+)" data-kind="(\w+)"/g,
    ),
  ]
    .map(([, from, to, kind]) => `${from} -> ${to} (${kind})`)
    .sort()

describe('A desk state diagram of the demo potholes bucket', () => {
  it("draws exactly the content's edges, each desk, self and timed move once per from state", () => {
    const expected = [
      ...raw.moves.flatMap((m) => (m.from ?? []).map((f) => `${f} -> ${m.to} (desk)`)),
      ...(raw.self ?? []).flatMap((m) => (m.from ?? [initial]).map((f) => `${f} -> ${m.to} (self)`)),
      ...raw.states.flatMap((s) => (s.after ? [`${s.name} -> ${s.after.to} (timed)`] : [])),
    ].sort()
    const markup = potholes()
    expect(arrowsOf(markup)).toEqual(expected)
    expect(expected).toContain('fixed -> closed (timed)')
  })

  it("labels every box with staff's words and every arrow with the move's, the submitter's and timed ones marked", () => {
    const markup = unescape(potholes())
    for (const state of raw.states) {
      const box = new RegExp(`<g class="[^"]*" data-state="${state.name}">.*?<tspan[^>]*class="sd-name">([^<]*)<`)
      expect(box.exec(markup)?.[1], state.name).toBe(staffName(state.name))
    }
    const labels = [...markup.matchAll(/<g class="sd-label sd-(\w+)">.*?<text[^>]*>([^<]*)<\/text>/g)].map(
      ([, kind, words]) => `${words} (${kind})`,
    )
    expect(labels.sort()).toEqual(
      [
        ...raw.moves.flatMap((m) => (m.from ?? []).map(() => `${m.label[0]} (desk)`)),
        ...(raw.self ?? []).flatMap((m) => (m.from ?? [initial]).map(() => `${m.label[0]} (submitter) (self)`)),
        ...raw.states.flatMap((s) => (s.after ? [`after ${s.after.days} days (timed)`] : [])),
      ].sort(),
    )
  })

  it('marks closed states and the grant apart, in the drawing and in words', () => {
    const markup = unescape(potholes())
    const stateClass = (name: string) => new RegExp(`<g class="([^"]*)" data-state="${name}"`).exec(markup)?.[1] ?? ''
    for (const state of raw.states) {
      expect(stateClass(state.name).includes('sd-closed'), state.name).toBe(state.closed === true)
      expect(stateClass(state.name).includes('sd-grants'), state.name).toBe(state.grants !== undefined)
    }
    const closed = raw.states.filter((s) => s.closed).map((s) => staffName(s.name))
    expect(markup).toContain(`Closed states: ${new Intl.ListFormat('en', { type: 'conjunction' }).format(closed)}.`)
    expect(markup).toContain('grants Street Watch volunteers</tspan>')
    expect(markup).toContain('A case in Accepted makes its submitter one of Street Watch volunteers.')
    expect(markup).not.toContain('sd-now')
  })

  it('lists every move in words beside the drawing: "From Received: Accept → Accepted (desk)"', () => {
    const items = [...unescape(potholes()).matchAll(/<li>([^<]*)<\/li>/g)].map(([, text]) => text)
    expect(items.sort()).toEqual(
      [
        ...raw.moves.flatMap((m) =>
          (m.from ?? []).map((f) => `From ${staffName(f)}: ${m.label[0]} → ${staffName(m.to)} (desk)`),
        ),
        ...(raw.self ?? []).flatMap((m) =>
          (m.from ?? [initial]).map((f) => `From ${staffName(f)}: ${m.label[0]} → ${staffName(m.to)} (the submitter)`),
        ),
        ...raw.states.flatMap((s) =>
          s.after
            ? [`From ${staffName(s.name)}: after ${s.after.days} days → ${staffName(s.after.to)} (on its own)`]
            : [],
        ),
      ].sort(),
    )
    expect(items).toContain('From Received: Accept → Accepted (desk)')
  })

  it("on a case's page marks its state with a thick border and words, in the drawing and in the list", () => {
    const markup = unescape(potholes('accepted'))
    expect(markup).toMatch(/<g class="sd-state sd-grants sd-now" data-state="accepted">.*?▶ this case is here<\/tspan>/)
    expect(markup.match(/sd-now"/g)).toHaveLength(1)
    expect(markup).toContain('aria-label="How cases move in Pothole reports, drawn, this case now in Accepted')
    expect(markup).toContain('<strong>This case is now in Accepted.</strong>')
    const fromNow = [...markup.matchAll(/<li class="sd-from-now"><strong>([^<]*)<\/strong>/g)].map(([, t]) => t)
    expect(fromNow.sort()).toEqual(
      raw.moves
        .filter((m) => m.from?.includes('accepted'))
        .map((m) => `From Accepted: ${m.label[0]} → ${staffName(m.to)} (desk)`)
        .sort(),
    )
  })

  it('is an image with a name, closed on the desk until asked for, and laid out once per bucket per loaded site', () => {
    const bucket = site.buckets.get('potholes')
    if (bucket === undefined) throw new Error('no potholes bucket')
    const m = messagesFor(site, 0)
    const desk = renderDeskDiagram({ site, bucket, story: 0, m }).toString()
    expect(desk).toMatch(/^<details class="desk-diagram"><summary>How cases move: Pothole reports<\/summary>/)
    expect(desk).toMatch(
      /<svg class="sd" viewBox="0 0 \d+ \d+" [^>]*role="img" aria-label="How cases move in Pothole reports/,
    )
    expect(desk).toContain('<summary>The moves as a list</summary>')
    expect(stateDrawing(site, bucket, 0, m)).toBe(stateDrawing(site, bucket, 0, m))
    const drawing = stateDrawing(site, bucket, 0, m)
    expect(drawing.layout.edges.every((edge) => edge.points.length >= 2)).toBe(true)
    expect(drawing.layout.boxes.every((box) => box.x >= 0 && box.x + box.width <= drawing.layout.width)).toBe(true)
  })

  it('speaks Norwegian on a Norwegian site', () => {
    const bucket = site.buckets.get('potholes')
    if (bucket === undefined) throw new Error('no potholes bucket')
    const norwegian = { ...site, branding: { ...site.branding, language: 'nb' } }
    const markup = renderStateDiagram({ site: norwegian, bucket, story: 0, m: messagesFor(norwegian, 0) }).toString()
    expect(markup).toContain('<summary>Flyttene som en liste</summary>')
    expect(unescape(markup)).toContain('Fra Received: Accept → Accepted (arbeidsflaten)')
  })
})
