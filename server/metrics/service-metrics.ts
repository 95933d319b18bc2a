// The service's /metrics (docs/operations.md#metrics): one registry per
// process. What is counted on the request path is plain numbers
// (service-counts.ts, http-requests.ts); the rest is read when scraped from
// the sources the Nitro plugin hands in.
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client'
import { createBusMetrics } from './bus-metrics'
import type { Bus } from '../bus/types'
import { RECORDS_STREAM } from '../records/types'
import { createHttpRequestMetrics, type HttpRequestMetrics } from './http-requests'
import { createRecordEventMetrics, type RecordEventMetrics } from './record-event-metrics'
import { serviceCounts } from './service-counts'

export interface ServiceSources {
  /** The process's bus, once connected. */
  readonly bus: Promise<Bus>
  /** The stream sequence the record index has applied; 0 before it started. */
  readonly indexApplied: () => number
  /** The content revision being served; null before the first load. */
  readonly revision: () => string | null
}

export interface ServiceMetrics {
  readonly registry: Registry
  readonly http: HttpRequestMetrics
  readonly recordEvents: RecordEventMetrics
  /** Starts reading the gauges from `sources`, and the process's own metrics; once. */
  watch(sources: ServiceSources): void
}

let metrics: ServiceMetrics | null = null

/** The process's metrics; counting into them costs next to nothing while nothing scrapes. */
export function useServiceMetrics(): ServiceMetrics {
  metrics ??= createServiceMetrics()
  return metrics
}

export function createServiceMetrics(): ServiceMetrics {
  const registry = new Registry()
  const registers = [registry]
  const http = createHttpRequestMetrics()
  http.register(registry)
  let sources: ServiceSources | null = null
  let bus: Bus | null = null

  countedWhenScraped(registry, 'svc_page_cache_hits_total', 'Pages answered from the page cache.', 'pageCacheHits')
  countedWhenScraped(registry, 'svc_page_cache_misses_total', 'Pages rendered for the page cache.', 'pageCacheMisses')
  countedWhenScraped(registry, 'svc_rate_limited_total', 'Requests refused by the rate limit (429).', 'rateLimited')
  countedWhenScraped(
    registry,
    'svc_content_reload_failures_total',
    'Content reloads refused: bad or unreachable content; the last good content is still served.',
    'contentReloadFailures',
  )

  const busMetrics = createBusMetrics(registry)
  // Asked of the stream at each scrape, but never while the bus is away: the last answer stands then.
  let behind = 0
  new Gauge({
    name: 'svc_index_behind_events',
    help: "Events on SVC_RECORDS not yet in this instance's record index.",
    registers,
    async collect() {
      if (bus !== null && bus.isConnected()) {
        const last = await bus.lastSequence(RECORDS_STREAM).catch(() => null)
        if (last !== null) behind = Math.max(0, last - (sources?.indexApplied() ?? 0))
      }
      this.set(behind)
    },
  })
  new Gauge({
    name: 'svc_content_revision_info',
    help: 'The content revision this instance serves (always 1).',
    labelNames: ['revision'] as const,
    registers,
    collect() {
      this.reset()
      const revision = sources?.revision() ?? null
      if (revision !== null) this.set({ revision }, 1)
    },
  })

  return {
    registry,
    http,
    recordEvents: createRecordEventMetrics(registry),
    watch(given) {
      if (sources !== null) return
      sources = given
      collectDefaultMetrics({ register: registry })
      // A bus that never starts stops the process elsewhere (the bus plugin).
      given.bus.then(
        (connected) => {
          bus = connected
          busMetrics.watch(connected)
        },
        () => undefined,
      )
    },
  }
}

function countedWhenScraped(registry: Registry, name: string, help: string, key: keyof typeof serviceCounts): void {
  let reported = 0
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = serviceCounts[key]
      if (now > reported) this.inc(now - reported)
      reported = now
    },
  })
}
