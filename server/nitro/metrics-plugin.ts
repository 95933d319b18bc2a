import { defineEventHandler, type H3Event } from 'h3'
import { defineNitroPlugin } from 'nitropack/runtime'
import { useBus } from '../app/bus'
import { useContentStore } from '../app/content'
import { recordIndexApplied } from '../app/records'
import { useConfig } from '../config/use-config'
import { log } from '../log'
import { startMetricsListener, type MetricsListener } from '../metrics/metrics-listener'
import { NO_ROUTE, routeLabel, STATIC_ROUTE } from '../metrics/route-label'
import { useServiceMetrics } from '../metrics/service-metrics'
import { SessionsUnavailableError } from '../sessions'

// The page the fast path answers is the page route's (routes/[...path].get.ts).
const PAGE_ROUTE = '/[...path]'
const PKG = '/pkg/'

// GET /metrics on METRICS_PORT (docs/operations.md#metrics), and every
// request timed. Registered after the fast path, so this wraps it too: a
// page it answers returns at once, and is counted with one slot lookup and
// no allocation; a request the app answers is counted when its promise settles.
export default defineNitroPlugin((nitroApp) => {
  const config = useConfig()
  if (config.METRICS_PORT === undefined) return
  const metrics = useServiceMetrics()
  metrics.watch({
    bus: useBus(),
    indexApplied: recordIndexApplied,
    revision: () => useContentStore()?.current()?.snapshot.revision ?? null,
  })
  let listener: MetricsListener | null = null
  startMetricsListener(metrics.registry, config.METRICS_HOST, config.METRICS_PORT).then(
    (started) => (listener = started),
    (error: NodeJS.ErrnoException) => {
      log('error', 'metrics', '[svc] [metrics] cannot listen', { code: error.code, port: config.METRICS_PORT })
      process.exit(1)
    },
  )
  nitroApp.hooks.hook('close', async () => {
    await listener?.close()
  })

  const { http } = metrics
  const app = nitroApp.h3App
  const inner = app.handler as (event: H3Event) => Promise<unknown> | undefined
  const counted = (event: H3Event, status: number, started: number) =>
    http.record(routeOf(event), event.node.req.method ?? '', status, (performance.now() - started) / 1000)
  app.handler = defineEventHandler((event) => {
    const started = performance.now()
    const answered = inner(event)
    if (answered === undefined) {
      http.record(
        PAGE_ROUTE,
        event.node.req.method ?? '',
        event.node.res.statusCode,
        (performance.now() - started) / 1000,
      )
      return answered
    }
    return answered.then(
      (value) => {
        counted(event, event.node.res.statusCode, started)
        return value
      },
      (error: unknown) => {
        counted(event, statusOf(error), started)
        throw error
      },
    )
  })
})

function routeOf(event: H3Event): string {
  const matched = (event.context.matchedRoute as { path?: string } | undefined)?.path
  if (matched !== undefined) return routeLabel(matched)
  return event.path.startsWith(PKG) ? STATIC_ROUTE : NO_ROUTE
}

// What the error handler (error-handler.ts) answers a thrown error with.
function statusOf(error: unknown): number {
  const thrown = error as { statusCode?: unknown; cause?: unknown }
  if (error instanceof SessionsUnavailableError || thrown.cause instanceof SessionsUnavailableError) return 503
  const status = thrown.statusCode
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500
}
