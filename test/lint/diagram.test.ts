// svc-lint --diagram: a bucket's states and moves as Mermaid, checked edge by edge against the demo's YAML.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { DEMO } from '../support/server'
import { run } from './repo'

interface RawMove {
  name: string
  from?: string[]
  to: string
}
interface RawState {
  name: string
  after?: { days: number; to: string }
  grants?: string
  closed?: boolean
}

describe('svc-lint --diagram', () => {
  it("prints the demo potholes bucket's every move, timed move, grant and closed state", async () => {
    const raw = parse(readFileSync(join(DEMO, 'buckets/potholes.yaml'), 'utf8')) as {
      states: RawState[]
      moves: RawMove[]
      self?: RawMove[]
    }
    const result = await run([DEMO, '--diagram', 'potholes'])
    expect(result.code).toBe(0)
    const lines = result.lines.filter(Boolean)
    expect(lines[0]).toBe('stateDiagram-v2')
    const initial = raw.states[0]?.name ?? ''
    const expected = [
      `  [*] --> ${initial}`,
      ...raw.states.flatMap((s) => (s.grants ? [`  ${s.name}: ${s.name} (grants ${s.grants})`] : [])),
      ...raw.moves.flatMap((m) => (m.from ?? []).map((f) => `  ${f} --> ${m.to}: ${m.name} (desk)`)),
      ...(raw.self ?? []).flatMap((m) => (m.from ?? [initial]).map((f) => `  ${f} --> ${m.to}: ${m.name} (self)`)),
      ...raw.states.flatMap((s) => (s.after ? [`  ${s.name} --> ${s.after.to}: after ${s.after.days} days`] : [])),
      ...raw.states.flatMap((s) => (s.closed ? [`  ${s.name} --> [*]`] : [])),
      '  classDef closed font-style:italic',
      `  class ${raw.states
        .filter((s) => s.closed)
        .map((s) => s.name)
        .join(', ')} closed`,
    ]
    expect(lines.slice(1).sort()).toEqual(expected.sort())
    expect(lines).toContain('  fixed --> closed: after 14 days')
    expect(lines).toContain('  accepted: accepted (grants volunteers)')
  })

  it('a bucket that does not exist exits non-zero and names it', async () => {
    const result = await run([DEMO, '--diagram', 'pothole'])
    expect(result.code).toBe(1)
    expect(result.lines.filter(Boolean)).toEqual([])
    expect(result.errLines.filter(Boolean)).toEqual(['svc-lint: no bucket named "pothole"; did you mean "potholes"?'])
  })
})
