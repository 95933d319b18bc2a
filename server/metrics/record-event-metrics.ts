// svc_records_filed_total, svc_records_moved_total and svc_records_noted_total:
// counted where an event is appended (counting-bus.ts), once per event this
// process appended, never for a repeat answered from what was stored. Each
// process counts its own: the sum over instances and mailers is the site's.
import { Counter, type Registry } from 'prom-client'
import type { RecordEvent } from '../records/types'

// The clock's moves are `via: timed` on the stream; operators read "clock".
const MOVED_BY = { desk: 'desk', self: 'self', timed: 'clock' } as const

export interface RecordEventMetrics {
  count(event: RecordEvent): void
}

export function createRecordEventMetrics(registry: Registry): RecordEventMetrics {
  const registers = [registry]
  const filed = new Counter({
    name: 'svc_records_filed_total',
    help: 'Records filed by this process, by bucket.',
    labelNames: ['bucket'] as const,
    registers,
  })
  const moved = new Counter({
    name: 'svc_records_moved_total',
    help: 'Moves this process appended, by bucket and by whom: desk, self or clock.',
    labelNames: ['bucket', 'by'] as const,
    registers,
  })
  const noted = new Counter({
    name: 'svc_records_noted_total',
    help: 'Notes this process appended, by bucket and by whom: desk, mail (a reply) or service (undeliverable mail).',
    labelNames: ['bucket', 'by'] as const,
    registers,
  })
  return {
    // The bucket is a content name: the append's subject was made from it.
    count(event) {
      if (event.type === 'filed') filed.inc({ bucket: event.bucket })
      else if (event.type === 'moved') moved.inc({ bucket: event.bucket, by: MOVED_BY[event.via] })
      else if (event.type === 'noted') noted.inc({ bucket: event.bucket, by: event.via })
    },
  }
}
