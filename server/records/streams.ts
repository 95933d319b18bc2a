import type { Bus } from '../bus/types'
import { RECORDS_STREAM } from './types'

// Both the writer and every index may be the first to touch a fresh bus.
export async function ensureRecordStreams(bus: Bus): Promise<void> {
  await bus.ensureStream(RECORDS_STREAM, ['svc.rec.>'])
}
