// The mailer process's /metrics (MAILER_METRICS_PORT): its mail, the notes it
// appends (replies, undeliverable mail), its bus and its process.
import { collectDefaultMetrics, Registry } from 'prom-client'
import type { Bus } from '../bus/types'
import { createBusMetrics } from './bus-metrics'
import { createMailMetrics, type MailMetrics } from './mail-metrics'
import { createRecordEventMetrics, type RecordEventMetrics } from './record-event-metrics'

export interface MailerMetrics {
  readonly registry: Registry
  readonly mail: MailMetrics
  readonly recordEvents: RecordEventMetrics
}

/** `pending` answers the intents not yet delivered (mailer.ts, mailPending). */
export function createMailerMetrics(bus: Bus, pending: () => Promise<number>): MailerMetrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  createBusMetrics(registry).watch(bus)
  return {
    registry,
    mail: createMailMetrics(registry, pending),
    recordEvents: createRecordEventMetrics(registry),
  }
}
