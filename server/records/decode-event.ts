// The edge where record events come off the bus: bytes become a checked
// RecordEvent, or a reason it was refused.
import { decodeJson } from '../bus/payload'
import type { StreamMessage } from '../bus/types'
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
