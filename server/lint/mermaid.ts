// A bucket's state graph as a Mermaid stateDiagram-v2, for authors' docs and reviews.
import type { StateEdge, StateGraph } from '../content/state-graph'

export function mermaidDiagram(graph: StateGraph): string {
  const lines = ['stateDiagram-v2']
  for (const s of graph.states) {
    if (s.initial) lines.push(`  [*] --> ${s.name}`)
    if (s.grants !== undefined) lines.push(`  ${s.name}: ${s.name} (grants ${s.grants})`)
  }
  for (const e of graph.edges) lines.push(`  ${e.from} --> ${e.to}: ${edgeLabel(e)}`)
  const closed = graph.states.filter((s) => s.closed)
  for (const s of closed) lines.push(`  ${s.name} --> [*]`)
  if (closed.length > 0) {
    lines.push('  classDef closed font-style:italic')
    lines.push(`  class ${closed.map((s) => s.name).join(', ')} closed`)
  }
  return lines.join('\n')
}

export function edgeLabel(e: StateEdge): string {
  if (e.kind === 'timed') return `after ${e.days} days`
  return e.kind === 'self' ? `${e.move} (self)` : `${e.move} (desk)`
}
