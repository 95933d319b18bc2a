// A bucket's states and moves as a graph: the one reading of the content that
// the lint's Mermaid diagram and the desks' drawn diagrams both start from.
import type { Bucket } from './model'

export type EdgeKind = 'desk' | 'self' | 'timed'

export interface StateNode {
  readonly name: string
  readonly initial: boolean
  readonly closed: boolean
  /** The group a case in this state grants its reporter. */
  readonly grants?: string
}

export interface StateEdge {
  readonly from: string
  readonly to: string
  readonly kind: EdgeKind
  /** The move's name; for a timed move, the days it waits. */
  readonly move?: string
  readonly days?: number
}

export interface StateGraph {
  readonly states: readonly StateNode[]
  readonly edges: readonly StateEdge[]
}

export function stateGraph(bucket: Bucket): StateGraph {
  const states = bucket.states.map((s, i) => ({
    name: s.name,
    initial: i === 0,
    closed: s.closed === true,
    ...(s.grants === undefined ? {} : { grants: s.grants }),
  }))
  const moves = (list: Bucket['moves'], kind: EdgeKind): StateEdge[] =>
    list.flatMap((m) => m.from.map((from) => ({ from, to: m.to, kind, move: m.name })))
  const timed = bucket.states.flatMap((s) =>
    s.after ? [{ from: s.name, to: s.after.to, kind: 'timed' as const, days: s.after.days }] : [],
  )
  return { states, edges: [...moves(bucket.moves, 'desk'), ...moves(bucket.self, 'self'), ...timed] }
}
