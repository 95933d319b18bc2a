// The bus as the records core uses it, with each record event it appends
// counted once the stream took it (record-event-metrics.ts). Counting here
// keeps the records core free of metrics: it appends as before.
import type { Bus } from '../bus/types'
import { RECORDS_STREAM, type RecordEvent } from '../records/types'
import type { RecordEventMetrics } from './record-event-metrics'

export function countRecordAppends(bus: Bus, metrics: RecordEventMetrics): Bus {
  return {
    ...bus,
    async append(stream, subject, data, options) {
      const appended = await bus.append(stream, subject, data, options)
      // Record events are appended as objects (records/*.ts); a repeat is the first append's event.
      if (stream === RECORDS_STREAM && !appended.duplicate && !(data instanceof Uint8Array))
        metrics.count(data as RecordEvent)
      return appended
    },
  }
}
