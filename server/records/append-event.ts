// Every record event goes on SVC_RECORDS through here: its personal values
// sealed under the record's key first (event-seal.ts), made at its filing;
// every instance is told its sequence at once (heard-appends.ts), and this
// process's own index is handed the event as made (own-appends.ts).
import type { AppendOptions, AppendResult, Bus } from '../bus/types'
import type { Bucket } from '../content/model'
import { hasPersonalValues, sealEvent } from './event-seal'
import { sayAppended } from './heard-appends'
import { isPersonalField } from '../content/personal-data'
import { indexKeepsOpened, keepOwnAppend } from './own-appends'
import { useRecordKeys } from './record-keys'
import { RECORDS_STREAM, recordSubject } from './types'
import type { RecordEvent } from './types'

const NONE: ReadonlySet<string> = new Set()

/** The names of the bucket's fields whose values are personal. */
export const personalFieldsOf = (bucket: Bucket): ReadonlySet<string> =>
  new Set(bucket.fields.filter((field) => isPersonalField(field)).map((field) => field.name))

export async function appendRecordEvent(
  bus: Bus,
  event: RecordEvent,
  options: AppendOptions,
  personalFields: ReadonlySet<string> = NONE,
): Promise<AppendResult> {
  const key = hasPersonalValues(event, personalFields)
    ? await useRecordKeys(bus).forSealing(event.bucket, event.record, event.type === 'filed')
    : undefined
  const stored = key === undefined ? event : sealEvent(event, key, personalFields)
  const result = await bus.append(RECORDS_STREAM, recordSubject(event.bucket, event.record), stored, options)
  // As read back with the key: the values in place, the names of the sealed ones kept. Without a key (an
  // erased record) the reader makes them "erased" itself.
  if (!result.duplicate && key !== null) {
    const { sealed } = stored
    const opened =
      sealed === undefined || !indexKeepsOpened(event) ? stored : { ...event, sealed: { ...sealed, data: '' } }
    keepOwnAppend(bus, result.seq, opened)
  }
  sayAppended(bus, result.seq)
  return result
}
