// The edge where record events come off the bus: bytes become a checked
// RecordEvent, or a reason it was refused; then its sealed values are read.
import { decodeJson } from '../bus/payload'
import type { StreamMessage } from '../bus/types'
import { openEvent } from './event-seal'
import type { RecordKeys } from './record-keys'
import { recordEventSchema, recordSubject } from './types'
import type { RecordEvent } from './types'

export type DecodedEvent = { readonly event: RecordEvent } | { readonly problem: string }

export function decodeRecordEvent(message: StreamMessage): DecodedEvent {
  let json: unknown
  try {
    json = decodeJson(message.data)
  } catch {
    return { problem: 'not JSON' }
  }
  const parsed = recordEventSchema.safeParse(json)
  if (!parsed.success)
    return { problem: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') }
  // A payload naming another record than its subject would fold into the wrong one.
  if (recordSubject(parsed.data.bucket, parsed.data.record) !== message.subject) {
    return { problem: `names ${parsed.data.bucket}/${parsed.data.record}, not its subject` }
  }
  return { event: parsed.data }
}

/**
 * The event with its sealed values read (event-seal.ts): with the record's key from `keys`, or as erased when
 * the key is gone or the event was stored after it went. `patienceMs`: as RecordKeys.forOpening.
 */
export async function openRecordEvent(keys: RecordKeys, event: RecordEvent, patienceMs?: number): Promise<RecordEvent> {
  if (event.sealed === undefined) return event
  const key = event.sealed.data === '' ? null : await keys.forOpening(event.bucket, event.record, patienceMs)
  return openEvent(event, key)
}
