// GET /metrics in Prometheus's text format, on a listener of its own
// (METRICS_PORT / MAILER_METRICS_PORT, bound to METRICS_HOST): never on the
// public port, so no rate limit, session or route is involved, and whoever
// can reach the site cannot read it.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Registry } from 'prom-client'
import { log } from '../log'

export interface MetricsListener {
  readonly port: number
  close(): Promise<void>
}

export async function startMetricsListener(registry: Registry, host: string, port: number): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?', 1)[0]
    if (path !== '/metrics') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n')
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return void res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('GET only\n')
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => {
        log('error', 'metrics', '[svc] [metrics] collecting the metrics failed', { error: String(error) })
        res.writeHead(500, { 'content-type': 'text/plain' }).end('collecting the metrics failed\n')
      },
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const bound = (server.address() as AddressInfo).port
  log('info', 'metrics', 'metrics are served', {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics`,
  })
  return { port: bound, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
