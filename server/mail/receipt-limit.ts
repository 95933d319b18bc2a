// At most a few receipts to one address an hour. A receipt goes to whatever
// address the filing gave, so without this anyone could have the site mail a
// stranger again and again from its own sender. Counted in KV, shared by
// every mailer, per address and clock hour; the intents counted are named, so
// a redelivered one is not counted twice.
import { createHash } from 'node:crypto'
import { BusConflictError } from '../bus/errors'
import { decodeJson } from '../bus/payload'
import type { BusKv } from '../bus/types'

export const RECEIPTS_KV = 'svc_mail_receipts'
/** The bucket's max_age: an hour's count is of no use after it. */
export const RECEIPTS_MAX_AGE_MS = 2 * 3_600_000
export const RECEIPTS_PER_HOUR = 3

const ATTEMPTS = 5

/** Whether the receipt `intentId` to `address` may go now; taking its place in the hour's count if so. */
export async function takeReceiptSlot(kv: BusKv, address: string, intentId: string, now: Date): Promise<boolean> {
  const digest = createHash('sha256').update(address.toLowerCase()).digest('base64url')
  const key = `${digest}.${Math.floor(now.getTime() / 3_600_000)}`
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const entry = await kv.get(key)
    const ids = entry === null ? [] : decodeJson<{ ids: string[] }>(entry.value).ids
    if (ids.includes(intentId)) return true
    if (ids.length >= RECEIPTS_PER_HOUR) return false
    const value = { ids: [...ids, intentId] }
    try {
      if (entry === null) await kv.create(key, value)
      else await kv.update(key, value, entry.revision)
      return true
    } catch (error) {
      // Another mailer counted one meanwhile: count again.
      if (!(error instanceof BusConflictError)) throw error
    }
  }
  throw new Error('[svc] [mail] the receipt count keeps changing')
}
