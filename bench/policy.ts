// How long one permission check takes on the demo site, over a mix of the
// questions the service asks: reads, moves, self moves, filing, pages, desks.
// Run: node bench/run.mjs policy
import { loadContent, readCompileOptions } from '../server/content/load'
import type { SiteModel } from '../server/content/model'
import { createLocalSource } from '../server/content/sources/local'
import { createPolicyEngine } from '../server/policy/engine'
import type { AuthorizationRequest, Principal } from '../server/policy/request'

const DECISIONS = 20_000
const WARM_UP = 2_000

const { site, diagnostics } = await loadContent(createLocalSource('examples/demo'), readCompileOptions(process.env))
if (!site)
  throw new Error(`[svc] [bench] the demo site does not compile: ${diagnostics.map((d) => d.message).join('; ')}`)

const started = performance.now()
const engine = createPolicyEngine(site)
const compileMs = performance.now() - started
const requests = createRequests(site)

let allowed = 0
for (let i = 0; i < WARM_UP; i++) engine.authorize(requests[i % requests.length]!)
const times: number[] = []
for (let i = 0; i < DECISIONS; i++) {
  const request = requests[i % requests.length]!
  const t = performance.now()
  const decision = engine.authorize(request)
  times.push((performance.now() - t) * 1000)
  if (decision.allowed) allowed++
}
times.sort((a, b) => a - b)
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1)
const mean = (times.reduce((sum, t) => sum + t, 0) / times.length).toFixed(1)
console.log(`policy engine on examples/demo: compiled and preparsed in ${compileMs.toFixed(1)} ms`)
console.log(`${DECISIONS} decisions (${allowed} allowed): median ${at(0.5)} µs, p99 ${at(0.99)} µs, mean ${mean} µs`)

function createRequests(site: SiteModel): AuthorizationRequest[] {
  const people: Principal[] = [
    null,
    { subject: 'sub-resident', email: 'resident@example.org', groups: [] },
    { subject: 'sub-case', groups: ['caseworkers'] },
    { subject: 'sub-crew', groups: ['road_crew', 'volunteers'] },
    { email: 'kari.nordmann@example.org', groups: ['responsible'] },
  ]
  const requests: AuthorizationRequest[] = []
  for (const principal of people) {
    for (const bucket of site.buckets.values()) {
      requests.push({ principal, action: 'file', resource: { type: 'Bucket', id: bucket.name } })
      requests.push({ principal, action: 'read', resource: { type: 'Bucket', id: bucket.name } })
      for (const state of bucket.states) {
        const record = {
          type: 'Record',
          id: `${bucket.name}-${state.name}`,
          bucket: bucket.name,
          state: state.name,
          storyline: 'plain',
          submitter: 'sub-resident',
        } as const
        requests.push({ principal, action: 'read', resource: record })
        for (const move of bucket.moves)
          requests.push({ principal, action: 'move', resource: record, context: { edge: move.name } })
        for (const move of bucket.self)
          requests.push({ principal, action: 'self', resource: record, context: { edge: move.name } })
      }
    }
    for (const page of site.pages) {
      requests.push({ principal, action: 'open', resource: { type: 'Page', id: page.path } })
      requests.push({ principal, action: 'suggest', resource: { type: 'Page', id: page.path } })
    }
    for (const desk of site.desks.values())
      requests.push({ principal, action: 'open', resource: { type: 'Desk', id: desk.name } })
  }
  return requests
}
