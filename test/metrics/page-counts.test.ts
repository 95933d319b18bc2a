// The page cache's hits and misses and the rate limit's refusals in the
// built service's /metrics, the page fast path's answers counted as the
// page route's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import { startServer, type RunningServer } from '../support/server'
import { metricsUrlIn, scrape, valueOf } from './scrape'

let service: RunningServer
let metrics: string
beforeAll(async () => {
  // Three requests at once, then one every 1000 s: the fourth is refused.
  service = await startServer({ METRICS_PORT: '0', SVC_RATE_BURST: '3', SVC_RATE_PER_SECOND: '0.001' })
  await waitFor(() => metricsUrlIn(service.output()) !== null, 15_000, 'the metrics listener')
  metrics = metricsUrlIn(service.output())!
})
afterAll(async () => {
  await service?.stop()
})

describe('page cache and rate limit counts', () => {
  it('count a page rendered once, then kept and served (once as 304), and a request refused with 429', async () => {
    const visit = (etag?: string) =>
      fetch(`${service.url}/about`, {
        headers: { cookie: 'svc_story=plain', ...(etag === undefined ? {} : { 'if-none-match': etag }) },
      })
    const statuses: number[] = []
    statuses.push((await visit()).status)
    const kept = await visit()
    statuses.push(kept.status)
    // The fast path's answer to a browser that has these bytes, written after the request is counted.
    statuses.push((await visit(kept.headers.get('etag') ?? 'none')).status)
    statuses.push((await visit()).status)
    expect(statuses).toEqual([200, 200, 304, 429])
    const samples = await scrape(metrics)
    expect(valueOf(samples, 'svc_page_cache_misses_total')).toBe(1)
    expect(valueOf(samples, 'svc_page_cache_hits_total')).toBe(2)
    expect(valueOf(samples, 'svc_rate_limited_total')).toBe(1)
    expect(valueOf(samples, 'svc_http_requests_total{route="/[...path]",method="GET",status="200"}')).toBe(2)
    expect(valueOf(samples, 'svc_http_requests_total{route="/[...path]",method="GET",status="304"}')).toBe(1)
    expect(valueOf(samples, 'svc_http_requests_total{route="none",method="GET",status="429"}')).toBe(1)
    expect(valueOf(samples, 'svc_http_request_duration_seconds_count{route="/[...path]",method="GET"}')).toBe(3)
  })
})
