// `node .output/mailer/index.mjs`: the mailer as its own process, on the bus
// named by BUS_URL (the embedded bus belongs to one process, so it is
// refused here). Says at start what is on (config/start-line.ts). Answers GET
// /healthz on MAILER_PORT when set: 200 while connected to the bus, 503
// otherwise; GET /metrics on MAILER_METRICS_PORT when set. Takes replies by
// mail on MAIL_INBOUND_PORT when set.
import { createServer } from 'node:http'
import { createNatsBus } from '../bus/nats'
import { natsBusOptions } from '../bus/nats-settings'
import { ConfigError } from '../config/parse-config'
import { startLine } from '../config/start-line'
import { useConfig } from '../config/use-config'
import { log } from '../log'
import { countRecordAppends } from '../metrics/counting-bus'
import { createMailerMetrics } from '../metrics/mailer-metrics'
import { startMetricsListener } from '../metrics/metrics-listener'
import { inboundOptions, mailPending, startMailer } from './mailer'
import { mailerSetup } from './mailer-setup'
import { replySetup } from './replies/reply-settings'

function refuse(reason: string): never {
  log('error', 'mail', `[svc] [mail] the mailer cannot start: ${reason}`)
  process.exit(1)
}

let config
try {
  config = useConfig()
} catch (error) {
  refuse(error instanceof ConfigError ? error.message : String(error))
}
if (config.BUS_URL === undefined) refuse('BUS_URL is not set: the mailer reads the service’s NATS bus')
const setup = mailerSetup(config)
if ('refusal' in setup) refuse(setup.refusal)
const nats = await createNatsBus(natsBusOptions({ ...config, BUS_URL: config.BUS_URL })).catch((error: unknown) =>
  refuse(error instanceof Error ? error.message.replace('[svc] [bus] ', '') : String(error)),
)
const replies = await replySetup(config, nats)
if ('refusal' in replies) refuse(replies.refusal)
const { message, fields } = startLine(config, 'mailer')
log('info', 'start', message, fields)
const metrics = config.MAILER_METRICS_PORT === undefined ? null : createMailerMetrics(nats, () => mailPending(nats))
// The notes it appends (replies, undeliverable mail) are counted as the service counts its events.
const bus = metrics === null ? nats : countRecordAppends(nats, metrics.recordEvents)
const mailer = await startMailer({
  bus,
  ...setup,
  ...replies,
  ...inboundOptions(config),
  ...(metrics === null ? {} : { metrics: metrics.mail }),
}).catch((error: unknown) => refuse(String(error)))
const metricsListener =
  metrics === null || config.MAILER_METRICS_PORT === undefined
    ? null
    : await startMetricsListener(metrics.registry, config.METRICS_HOST, config.MAILER_METRICS_PORT).catch(
        (error: unknown) => refuse(`MAILER_METRICS_PORT cannot be listened on: ${String(error)}`),
      )

const health =
  config.MAILER_PORT === undefined
    ? null
    : createServer((req, res) => {
        const ok = req.url === '/healthz' && bus.isConnected()
        res.writeHead(req.url === '/healthz' ? (ok ? 200 : 503) : 404, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ status: ok ? 'ok' : 'unavailable' }))
      }).listen(config.MAILER_PORT, config.HOST ?? '127.0.0.1', () => {
        log('info', 'mail', 'the mailer answers /healthz', { port: config.MAILER_PORT })
      })

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    health?.close()
    void metricsListener?.close()
    void mailer
      .stop()
      .then(() => bus.close())
      .finally(() => process.exit(0))
  })
