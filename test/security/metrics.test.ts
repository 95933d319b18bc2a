// Attacks on the metrics (issue 28): reading them from the public port, and
// filling them with label values of a caller's choosing (made-up paths,
// methods, queries) until they cost the instance its memory. The built
// service with METRICS_PORT, on its embedded bus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { metricsUrlIn, samplesOf, scrape, valueOf } from '../metrics/scrape'
import { startServer, type RunningServer } from '../support/server'
import { waitFor } from '../bus/wait'

let service: RunningServer
let serviceMetrics: string

beforeAll(async () => {
  service = await startServer({ METRICS_PORT: '0' })
  await waitFor(() => metricsUrlIn(service.output()) !== null, 15_000, 'the metrics listener')
  serviceMetrics = metricsUrlIn(service.output())!
})
afterAll(async () => {
  await service?.stop()
})

describe('the metrics, as an attacker would try them', () => {
  it('a request with a made-up path or method adds no label value, and no series names what a caller sent', async () => {
    // Each kind of request once, so the series it lands in exists.
    await fetch(`${service.url}/no/such/page`)
    await fetch(`${service.url}/desk/no-such-desk`)
    await fetch(`${service.url}/no/such/page`, { method: 'POST' })
    await fetch(`${service.url}/no/such/page`, { method: 'PROPFIND' })
    const before = await scrape(serviceMetrics)
    for (const path of ['/made-up-a', '/made/up/b?q=secret-query', '/pkg/made-up.js', '/desk/made-up-desk'])
      await fetch(`${service.url}${path}`)
    await fetch(`${service.url}/made-up-c`, { method: 'POST' })
    // A method no route knows is one value, OTHER, whatever was sent.
    await fetch(`${service.url}/made-up-d`, { method: 'MKCOL' })
    const after = await scrape(serviceMetrics)
    const http = (samples: Map<string, number>) =>
      [...samples.keys()].filter((series) => series.startsWith('svc_http_requests_total')).sort()
    expect(http(after)).toEqual(http(before))
    expect(valueOf(after, 'svc_http_requests_total{route="none",method="OTHER",status="405"}')).toBe(2)
    expect([...after.keys()].join('\n')).not.toMatch(/made-up|secret-query|such|MKCOL|PROPFIND/)
  })

  it('is on its own listener, never the public port, and that listener answers nothing else', async () => {
    const publicAnswer = await fetch(`${service.url}/metrics`)
    expect(publicAnswer.status).toBe(404)
    expect(await publicAnswer.text()).not.toContain('svc_http_requests_total')
    expect(new URL(serviceMetrics).hostname).toBe('127.0.0.1')
    expect(new URL(serviceMetrics).port).not.toBe(new URL(service.url).port)
    const other = await fetch(new URL('/healthz', serviceMetrics))
    expect(other.status).toBe(404)
    const text = await (await fetch(serviceMetrics)).text()
    expect(samplesOf(text).size).toBeGreaterThan(0)
  })
})
