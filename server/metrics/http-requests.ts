// svc_http_requests_total{route,method,status} and
// svc_http_request_duration_seconds{route,method}, kept as plain numbers in
// slots made once per label set, so counting a request allocates nothing (the
// page fast path answers in microseconds: docs/performance.md). prom-client
// reads the slots only when /metrics is scraped.
import type { Metric, Registry } from 'prom-client'

// Seconds: the fast path's sub-millisecond pages up to a slow upload.
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

// Any other method a client may send is one label value, not one each.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
const OTHER_METHOD = 'OTHER'

interface Timing {
  readonly labels: { readonly route: string; readonly method: string }
  count: number
  sum: number
  /** Requests per bucket of BUCKETS (not cumulative); those above the last only in count. */
  readonly buckets: Float64Array
  readonly statuses: Map<number, StatusCount>
}

interface StatusCount {
  readonly labels: { readonly route: string; readonly method: string; readonly status: string }
  count: number
}

export interface HttpRequestMetrics {
  /** `route` must be a fixed word or a route pattern, never a path a caller chose. */
  record(route: string, method: string, status: number, seconds: number): void
  register(registry: Registry): void
}

export function createHttpRequestMetrics(): HttpRequestMetrics {
  const routes = new Map<string, Map<string, Timing>>()

  function timingOf(route: string, method: string): Timing {
    let methods = routes.get(route)
    if (methods === undefined) routes.set(route, (methods = new Map<string, Timing>()))
    let timing = methods.get(method)
    if (timing === undefined) {
      timing = {
        labels: { route, method },
        count: 0,
        sum: 0,
        buckets: new Float64Array(BUCKETS.length),
        statuses: new Map(),
      }
      methods.set(method, timing)
    }
    return timing
  }

  function record(route: string, method: string, status: number, seconds: number): void {
    const timing = timingOf(route, METHODS.has(method) ? method : OTHER_METHOD)
    timing.count++
    timing.sum += seconds
    for (let i = 0; i < BUCKETS.length; i++)
      if (seconds <= BUCKETS[i]!) {
        timing.buckets[i]!++
        break
      }
    let counted = timing.statuses.get(status)
    if (counted === undefined) {
      counted = { labels: { ...timing.labels, status: String(status) }, count: 0 }
      timing.statuses.set(status, counted)
    }
    counted.count++
  }

  function* timings(): Generator<Timing> {
    for (const methods of routes.values()) yield* methods.values()
  }

  const requests = {
    name: 'svc_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    type: 'counter',
    aggregator: 'sum',
    get: async () => ({
      ...requests,
      values: [...timings()].flatMap((timing) =>
        [...timing.statuses.values()].map(({ labels, count }) => ({ labels, value: count })),
      ),
    }),
  }
  const duration = {
    name: 'svc_http_request_duration_seconds',
    help: 'Time from a request reaching the service to its answer, by route pattern and method.',
    type: 'histogram',
    aggregator: 'sum',
    get: async () => ({ ...duration, values: [...timings()].flatMap(histogramValues) }),
  }

  return {
    record,
    register(registry) {
      // Not prom-client's own classes (whose every count builds a label key), but what its registry reads of one.
      registry.registerMetric(requests as unknown as Metric)
      registry.registerMetric(duration as unknown as Metric)
    },
  }
}

function histogramValues({ labels, count, sum, buckets }: Timing) {
  let below = 0
  const values = BUCKETS.map((le, i) => {
    below += buckets[i]!
    return { metricName: 'svc_http_request_duration_seconds_bucket', labels: { ...labels, le }, value: below }
  })
  return [
    ...values,
    { metricName: 'svc_http_request_duration_seconds_bucket', labels: { ...labels, le: '+Inf' }, value: count },
    { metricName: 'svc_http_request_duration_seconds_sum', labels, value: sum },
    { metricName: 'svc_http_request_duration_seconds_count', labels, value: count },
  ]
}
