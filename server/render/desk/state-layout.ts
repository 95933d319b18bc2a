// Where a bucket's states and moves go on a drawn diagram, worked out by dagre
// (a maintained layered graph layout) from the same state graph the lint's
// Mermaid diagram is printed from. Text is measured by estimate: the server has
// no fonts, so widths err on the wide side and boxes never clip their words.
import dagre, { type EdgeLabel, type GraphLabel, type NodeLabel } from '@dagrejs/dagre'
import type { StateGraph } from '../../content/state-graph'

export interface Box {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface Point {
  readonly x: number
  readonly y: number
}

export interface LaidEdge {
  readonly points: readonly Point[]
  /** Where the move's words go, centred on the edge. */
  readonly label: Box
}

export interface StateLayout {
  readonly width: number
  readonly height: number
  /** In the graph's order of states and of edges. */
  readonly boxes: readonly Box[]
  readonly edges: readonly LaidEdge[]
}

/** The words drawn: each state's lines (its name first) and each move's one line. */
export interface DiagramWords {
  readonly states: readonly (readonly string[])[]
  readonly edges: readonly string[]
}

export const FONT_SIZE = 14
export const LINE_HEIGHT = 20
export const PAD_X = 12
export const PAD_Y = 8

const NARROW = /[ijlI.,:;'!|()[\] ]/
const WIDE = /[mwMW@%]/

/** A line's width in pixels at FONT_SIZE; bold lines a little wider. */
export function textWidth(text: string, bold = false): number {
  let ems = 0
  for (const char of text) {
    if (NARROW.test(char)) ems += 0.32
    else if (WIDE.test(char)) ems += 0.92
    else if (char !== char.toLowerCase()) ems += 0.7
    else ems += 0.58
  }
  return Math.ceil(ems * FONT_SIZE * (bold ? 1.08 : 1))
}

export function layoutStates(graph: StateGraph, words: DiagramWords): StateLayout {
  const g = new dagre.graphlib.Graph<GraphLabel, NodeLabel, EdgeLabel>({ multigraph: true })
  g.setGraph({ rankdir: 'TB', nodesep: 36, edgesep: 16, ranksep: 44, marginx: 8, marginy: 8 })
  graph.states.forEach((state, i) => {
    const lines = words.states[i] ?? [state.name]
    const width = Math.max(96, ...lines.map((line, n) => textWidth(line, n === 0))) + 2 * PAD_X
    g.setNode(state.name, { width, height: lines.length * LINE_HEIGHT + 2 * PAD_Y })
  })
  graph.edges.forEach((edge, i) => {
    const label = { width: textWidth(words.edges[i] ?? '') + 8, height: LINE_HEIGHT, labelpos: 'c' as const }
    g.setEdge(edge.from, edge.to, label, String(i))
  })
  dagre.layout(g)
  const boxes = graph.states.map((state) => {
    const { x = 0, y = 0, width, height } = g.node(state.name)
    return { x: x - width / 2, y: y - height / 2, width, height }
  })
  const edges = graph.edges.map((edge, i) => {
    const laid = g.edge({ v: edge.from, w: edge.to, name: String(i) })
    const { x = 0, y = 0, width = 0, height = 0 } = laid
    return { points: laid.points ?? [], label: { x: x - width / 2, y: y - height / 2, width, height } }
  })
  const { width = 0, height = 0 } = g.graph()
  return { width: Math.ceil(width), height: Math.ceil(height), boxes, edges }
}
