// A message of SVC_RECORDS or SVC_MAIL read as the service and the mailer read
// it: a case's personal values and mail about it are sealed under the case's
// key (records/event-seal.ts, mail/sealed-intent.ts), opened here with it.
import { decodeJson } from '../../server/bus/payload'
import type { Bus } from '../../server/bus/types'
import { openIntent } from '../../server/mail/sealed-intent'
import { openRecordEvent } from '../../server/records/decode-event'
import { useRecordKeys } from '../../server/records/record-keys'
import { recordEventSchema } from '../../server/records/types'

export async function openStored<T = unknown>(bus: Bus, data: Uint8Array): Promise<T> {
  const json = decodeJson(data)
  const event = recordEventSchema.safeParse(json)
  return (event.success ? await openRecordEvent(useRecordKeys(bus), event.data) : await openIntent(bus, json)) as T
}
