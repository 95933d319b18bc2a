// A bucket's states and moves as a graph: the one reading of the content that
// the lint's Mermaid diagram and the desks' drawn diagrams both start from.
import type { Bucket, Text } from './model'

export type EdgeKind = 'desk' | 'self' | 'timed'

export interface StateNode {
  readonly name: string
  readonly label: Text
  /** Staff's own words for it, where the content gives them (`desk_label:`). */
  readonly deskLabel?: Text
  readonly initial: boolean
  readonly closed: boolean
  /** The group a case in this state grants its reporter. */
  readonly grants?: string
}

export interface StateEdge {
  readonly from: string
  readonly to: string
  readonly kind: EdgeKind
  /** The move's name and button words; a timed move has neither, only the days it waits. */
  readonly move?: string
  readonly label?: Text
  readonly days?: number
}

export interface StateGraph {
  readonly states: readonly StateNode[]
  readonly edges: readonly StateEdge[]
}

export function stateGraph(bucket: Bucket): StateGraph {
  const states = bucket.states.map((s, i) => ({
    name: s.name,
    label: s.label,
    ...(s.deskLabel === undefined ? {} : { deskLabel: s.deskLabel }),
    initial: i === 0,
    closed: s.closed === true,
    ...(s.grants === undefined ? {} : { grants: s.grants }),
  }))
  const moves = (list: Bucket['moves'], kind: EdgeKind): StateEdge[] =>
    list.flatMap((m) => m.from.map((from) => ({ from, to: m.to, kind, move: m.name, label: m.label })))
  const timed = bucket.states.flatMap((s) =>
    s.after ? [{ from: s.name, to: s.after.to, kind: 'timed' as const, days: s.after.days }] : [],
  )
  return { states, edges: [...moves(bucket.moves, 'desk'), ...moves(bucket.self, 'self'), ...timed] }
}
