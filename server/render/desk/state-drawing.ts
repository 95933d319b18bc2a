// A bucket's drawn diagram before it becomes markup: the state graph (shared
// with `svc-lint --diagram`), the staff words on it and dagre's layout. Made
// once per bucket, storyline and marked state for each loaded site: a reload
// compiles new Bucket objects, so the drawings of old content go with them.
import type { Bucket, SiteModel } from '../../content/model'
import { groupLabel } from '../../content/group-label'
import { stateGraph, type StateEdge, type StateGraph, type StateNode } from '../../content/state-graph'
import { textAt } from '../../content/storyline'
import type { Messages } from '../../messages/messages'
import { deskLabelOf } from './state-label'
import { layoutStates, type DiagramWords, type StateLayout } from './state-layout'

export interface StateDrawing {
  readonly graph: StateGraph
  /** Each state's staff name, in the graph's order. */
  readonly names: readonly string[]
  readonly words: DiagramWords
  readonly layout: StateLayout
  /** The state the page's case is in, when the page is about one case. */
  readonly current?: string
}

const drawings = new WeakMap<Bucket, Map<string, StateDrawing>>()

export function stateDrawing(site: SiteModel, bucket: Bucket, story: number, m: Messages, current?: string) {
  let made = drawings.get(bucket)
  if (made === undefined) {
    made = new Map()
    drawings.set(bucket, made)
  }
  const key = `${m.language}/${story}/${current ?? ''}`
  let drawing = made.get(key)
  if (drawing === undefined) {
    drawing = drawStates(site, bucket, story, m, current)
    made.set(key, drawing)
  }
  return drawing
}

/** A move's words on its arrow: a desk move its button's words, the submitter's marked, a timed one its days. */
export function edgeWords(edge: StateEdge, story: number, m: Messages): string {
  if (edge.kind === 'timed') return timedWords(edge.days ?? 0, m)
  const move = textAt(edge.label ?? [], story) || (edge.move ?? '')
  return edge.kind === 'self' ? m.say('diagram.edge-self', { move }) : move
}

export function timedWords(days: number, m: Messages): string {
  return days === 1 ? m.say('diagram.after-one-day') : m.say('diagram.after-days', { days })
}

/** The lines in a state's box: its name, then what is special about it. */
function boxLines(site: SiteModel, node: StateNode, story: number, m: Messages, current?: string): string[] {
  return [
    deskLabelOf(node, story),
    ...(node.name === current ? [m.say('diagram.tag-now')] : []),
    ...(node.initial ? [m.say('diagram.tag-start')] : []),
    ...(node.grants === undefined
      ? []
      : [m.say('diagram.tag-grants', { group: groupLabel(site, node.grants, story) })]),
    ...(node.closed ? [m.say('diagram.tag-closed')] : []),
  ]
}

function drawStates(site: SiteModel, bucket: Bucket, story: number, m: Messages, current?: string): StateDrawing {
  const graph = stateGraph(bucket)
  const words = {
    states: graph.states.map((node) => boxLines(site, node, story, m, current)),
    edges: graph.edges.map((edge) => edgeWords(edge, story, m)),
  }
  const names = graph.states.map((node) => deskLabelOf(node, story))
  return { graph, names, words, layout: layoutStates(graph, words), ...(current === undefined ? {} : { current }) }
}
