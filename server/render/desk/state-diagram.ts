// A bucket's states and moves for staff: the drawing, a key to its lines, and
// beside it the same moves as a text list for screen readers and small screens
// ("From Received: Accept → Accepted (desk)"). On a case's page both mark the
// state the case is in, in words as well as with the thicker border.
import type { Bucket, SiteModel } from '../../content/model'
import { groupLabel } from '../../content/group-label'
import type { StateEdge } from '../../content/state-graph'
import { textAt } from '../../content/storyline'
import { listText } from '../../messages/list-text'
import type { Messages } from '../../messages/messages'
import { html, type SafeHtml } from '../html'
import { stateDrawing, timedWords, type StateDrawing } from './state-drawing'
import { renderStateSvg } from './state-svg'

export interface StateDiagramOptions {
  readonly site: SiteModel
  readonly bucket: Bucket
  readonly story: number
  readonly m: Messages
  /** The state of the case the page is about. */
  readonly current?: string
}

/** One move in words, as the list says it. */
export function moveSentence(drawing: StateDrawing, edge: StateEdge, story: number, m: Messages): string {
  const nameOf = (state: string) => drawing.names[drawing.graph.states.findIndex((s) => s.name === state)] ?? state
  const from = nameOf(edge.from)
  const to = nameOf(edge.to)
  if (edge.kind === 'timed') return m.say('diagram.move-timed', { from, to, after: timedWords(edge.days ?? 0, m) })
  const move = textAt(edge.label ?? [], story) || (edge.move ?? '')
  return m.say(edge.kind === 'self' ? 'diagram.move-self' : 'diagram.move-desk', { from, move, to })
}

function renderMovesList(options: StateDiagramOptions, drawing: StateDrawing): SafeHtml {
  const { site, story, m, current } = options
  const { graph, names } = drawing
  const nameAt = (i: number) => names[i] ?? ''
  const start = graph.states.findIndex((s) => s.initial)
  const now = graph.states.findIndex((s) => s.name === current)
  const items = graph.edges.map((edge) => {
    const sentence = moveSentence(drawing, edge, story, m)
    if (edge.from !== current) return html`<li>${sentence}</li>`
    return html`<li class="sd-from-now"><strong>${sentence}</strong> ${m.say('diagram.list-from-now')}</li>`
  })
  const closed = graph.states.flatMap((s, i) => (s.closed ? [nameAt(i)] : []))
  const grants = graph.states.flatMap((s, i) =>
    s.grants === undefined
      ? []
      : [html`<p>${m.say('diagram.list-grants', { state: nameAt(i), group: groupLabel(site, s.grants, story) })}</p>`],
  )
  const lines = [
    now < 0
      ? null
      : html`<p class="sd-now-line"><strong>${m.say('diagram.list-now', { state: nameAt(now) })}</strong></p>`,
    start < 0 ? null : html`<p>${m.say('diagram.list-start', { state: nameAt(start) })}</p>`,
    html`<ul class="sd-moves">${items}</ul>`,
    closed.length === 0 ? null : html`<p>${m.say('diagram.list-closed', { states: listText(m.language, closed) })}</p>`,
    grants,
  ]
  return html`<details class="sd-list"><summary>${m.say('diagram.list')}</summary>${lines}</details>`
}

export function renderStateDiagram(options: StateDiagramOptions): SafeHtml {
  const { site, bucket, story, m, current } = options
  const drawing = stateDrawing(site, bucket, story, m, current)
  const title = textAt(bucket.title, story) || bucket.name
  const now = drawing.graph.states.findIndex((s) => s.name === current)
  const name =
    now < 0
      ? m.say('diagram.name', { bucket: title })
      : m.say('diagram.name-now', { bucket: title, state: drawing.names[now] ?? '' })
  const svg = renderStateSvg(drawing, `sd-${bucket.name}`, name)
  const key = html`<p class="sd-key">${m.say('diagram.key')}</p>`
  const parts = html`<div class="sd-drawing">${svg}</div>${key}${renderMovesList(options, drawing)}`
  return html`<div class="state-diagram" data-bucket="${bucket.name}">${parts}</div>`
}

/** On a desk, under its bucket's queue and closed until asked for, so the queue stays first. */
export function renderDeskDiagram(options: StateDiagramOptions): SafeHtml {
  const { bucket, story, m } = options
  const summary = m.say('diagram.summary', { bucket: textAt(bucket.title, story) || bucket.name })
  return html`<details class="desk-diagram"><summary>${summary}</summary>${renderStateDiagram(options)}</details>`
}
