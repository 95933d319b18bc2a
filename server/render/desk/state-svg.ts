// A bucket's state diagram as inline SVG: a box per state (closed ones shaded
// and rounder, the case's own with a thick border and "this case is here"),
// an arrow per move with its words (the submitter's dashed, timed ones
// dotted). Colours and font come from the site's stylesheet through classes:
// the page allows no inline style, and the theme changes without a rebuild.
import { html, type SafeHtml } from '../html'
import type { StateEdge, StateNode } from '../../content/state-graph'
import { FONT_SIZE, LINE_HEIGHT, PAD_Y, type Box, type Point } from './state-layout'
import type { StateDrawing } from './state-drawing'

const round = (n: number) => Math.round(n * 10) / 10

/** A smooth path through dagre's points: straight to the first, curves through the middle, straight to the last. */
export function pathThrough(points: readonly Point[]): string {
  const [first, ...rest] = points
  if (first === undefined) return ''
  const at = (p: Point) => `${round(p.x)} ${round(p.y)}`
  const parts = [`M ${at(first)}`]
  rest.forEach((p, i) => {
    const next = rest[i + 1]
    parts.push(next === undefined ? `L ${at(p)}` : `Q ${at(p)} ${at({ x: (p.x + next.x) / 2, y: (p.y + next.y) / 2 })}`)
  })
  return parts.join(' ')
}

function boxAttributes(box: Box): SafeHtml {
  return html`x="${round(box.x)}" y="${round(box.y)}" width="${round(box.width)}" height="${round(box.height)}"`
}

function stateClasses(node: StateNode, current?: string): string {
  const classes = ['sd-state']
  if (node.closed) classes.push('sd-closed')
  if (node.grants !== undefined) classes.push('sd-grants')
  if (node.name === current) classes.push('sd-now')
  return classes.join(' ')
}

function renderState(node: StateNode, box: Box, lines: readonly string[], current?: string): SafeHtml {
  const cx = round(box.x + box.width / 2)
  const rows = lines.map((line, i) => {
    const y = round(box.y + PAD_Y + i * LINE_HEIGHT + LINE_HEIGHT / 2)
    return html`<tspan x="${cx}" y="${y}"${i === 0 ? html` class="sd-name"` : null}>${line}</tspan>`
  })
  const corner = node.closed ? 14 : 4
  const rect = html`<rect ${boxAttributes(box)} rx="${corner}"></rect>`
  return html`<g class="${stateClasses(node, current)}" data-state="${node.name}">${rect}<text>${rows}</text></g>`
}

function renderEdge(edge: StateEdge, points: readonly Point[], marker: string): SafeHtml {
  const data = html`data-from="${edge.from}" data-to="${edge.to}" data-kind="${edge.kind}"`
  return html`<path class="sd-edge sd-${edge.kind}" d="${pathThrough(points)}" marker-end="url(#${marker})" ${data}></path>`
}

function renderEdgeLabel(edge: StateEdge, box: Box, words: string): SafeHtml {
  const rect = html`<rect ${boxAttributes(box)} rx="3"></rect>`
  const text = html`<text x="${round(box.x + box.width / 2)}" y="${round(box.y + box.height / 2)}">${words}</text>`
  return html`<g class="sd-label sd-${edge.kind}">${rect}${text}</g>`
}

/** The drawing as an image with its accessible name; `id` keeps its arrowhead's id apart from other diagrams'. */
export function renderStateSvg(drawing: StateDrawing, id: string, name: string): SafeHtml {
  const { graph, words, layout, current } = drawing
  const marker = `${id}-arrow`
  const head = html`<path class="sd-head" d="M 0 0 L 10 5 L 0 10 z"></path>`
  const tip = html`viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"`
  const defs = html`<defs><marker id="${marker}" ${tip}>${head}</marker></defs>`
  const edges = graph.edges.map((edge, i) => renderEdge(edge, layout.edges[i]?.points ?? [], marker))
  const states = graph.states.map((node, i) => {
    const box = layout.boxes[i]
    return box === undefined ? null : renderState(node, box, words.states[i] ?? [], current)
  })
  const labels = graph.edges.map((edge, i) => {
    const laid = layout.edges[i]
    return laid === undefined ? null : renderEdgeLabel(edge, laid.label, words.edges[i] ?? '')
  })
  const size = html`viewBox="0 0 ${layout.width} ${layout.height}" width="${layout.width}" height="${layout.height}"`
  const look = html`font-size="${FONT_SIZE}" text-anchor="middle" dominant-baseline="central"`
  const image = html`role="img" aria-label="${name}" focusable="false"`
  return html`<svg class="sd" ${size} ${look} ${image}>${defs}<g>${edges}</g><g>${states}</g><g>${labels}</g></svg>`
}
