// A mail intent about a case carries the case's values (its address, the
// fields its text quotes), so on SVC_MAIL it is sealed under the case's own
// key like the case's events (records/seal.ts): once the case is erased, an
// intent not yet delivered cannot be read and is dropped, and a delivered
// one's bytes say nothing. Invites are about no case and stay as they are.
import { z } from 'zod'
import type { Bus } from '../bus/types'
import { useRecordKeys } from '../records/record-keys'
import { openValues, sealValues } from '../records/seal'
import type { MailIntent } from './mail-intent'

const sealedIntentSchema = z.object({
  id: z.string(),
  record: z.object({ bucket: z.string(), id: z.string() }),
  sealed: z.string(),
})

const contextOf = (intent: Pick<MailIntent, 'id'>) => `mail:${intent.id}`

/** What goes on SVC_MAIL for `intent`; null when its case was erased (nothing is queued then). */
export async function sealIntent(bus: Bus, intent: MailIntent): Promise<object | null> {
  if (intent.audience === 'invitee') return intent
  const key = await useRecordKeys(bus).forSealing(intent.record.bucket, intent.record.id)
  if (key === null) return null
  const sealed = sealValues(key, contextOf(intent), { intent: JSON.stringify(intent) })
  return { id: intent.id, record: intent.record, sealed }
}

/**
 * The intent as queued: `json` itself when it was not sealed, the sealed one read with its case's key, or
 * `erased` when that key is gone.
 */
export async function openIntent(bus: Bus, json: unknown): Promise<unknown> {
  const sealed = sealedIntentSchema.safeParse(json)
  if (!sealed.success) return json
  const { bucket, id } = sealed.data.record
  const key = await useRecordKeys(bus).forOpening(bucket, id)
  const values = key === null ? null : openValues(key, contextOf(sealed.data), sealed.data.sealed)
  if (values === null) return 'erased'
  return JSON.parse(values.intent ?? 'null') as unknown
}
