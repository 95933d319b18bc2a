// The reply addresses of mail about cases: made when a mail goes out (its
// handle kept in KV svc_mail_replies under the token's reference), opened
// when a reply comes in. See reply-token.ts for what a token proves.
import { z } from 'zod'
import { decodeJsonOrUndefined } from '../../bus/payload'
import { useRecordKeys } from '../../records/record-keys'
import { openValues, sealValues } from '../../records/seal'
import type { Bus, BusKv } from '../../bus/types'
import { createReplyAddressReader, replyAddress } from './reply-address'
import type { ReplySettings } from './reply-settings'
import { makeReplyToken, readReplyToken, replyRef, type ReplyHandle } from './reply-token'

export const REPLIES_KV = 'svc_mail_replies'
// Longer than the longest MAIL_REPLY_DAYS, so a handle outlives its token.
const HANDLE_MAX_AGE_MS = 370 * 86_400_000

const handleSchema = z.object({ bucket: z.string(), record: z.string(), to: z.string(), storyline: z.string() })
// The address is the case's submitter's: sealed under the case's key like its events (records/seal.ts), so
// erasing the case leaves it unreadable here too. Handles stored before sealing hold it as it is.
const sealedHandleSchema = z.object({ bucket: z.string(), record: z.string(), storyline: z.string(), to: z.string() })
const contextOf = (ref: string) => `reply:${ref}`

export type ReplyRefusal = 'not-a-reply-address' | 'forged' | 'expired'

export interface ReplyBook {
  /** The Reply-To of the mail `intentId` to `handle.to`; the same reference on every attempt. */
  addressFor(intentId: string, handle: ReplyHandle): Promise<string>
  /** What a reply sent to `address` may be appended to. */
  open(address: string): Promise<{ readonly handle: ReplyHandle } | { readonly refused: ReplyRefusal }>
}

export async function createReplyBook(bus: Bus, settings: ReplySettings, now = () => new Date()): Promise<ReplyBook> {
  const kv: BusKv = await bus.kv(REPLIES_KV, { maxAgeMs: HANDLE_MAX_AGE_MS })
  const tokenOf = createReplyAddressReader(settings.template)
  const keys = useRecordKeys(bus)
  const unsealed = async (stored: z.infer<typeof sealedHandleSchema>, ref: string) => {
    const key = await keys.forOpening(stored.bucket, stored.record)
    const values = key === null || stored.to === '' ? null : openValues(key, contextOf(ref), stored.to)
    return values?.to === undefined ? 'erased' : handleSchema.safeParse({ ...stored, to: values.to })
  }
  return {
    async addressFor(intentId, handle) {
      const ref = replyRef(settings.secret, intentId)
      const key = await keys.forSealing(handle.bucket, handle.record)
      const to = key === null ? '' : sealValues(key, contextOf(ref), { to: handle.to })
      await kv.put(ref, { ...handle, to, sealed: true })
      return replyAddress(settings.template, makeReplyToken(settings.secret, ref, handle, settings.days, now()))
    },
    async open(address) {
      const token = tokenOf(address)
      const read = token === null ? null : readReplyToken(settings.secret, token)
      if (read === null) return { refused: 'not-a-reply-address' }
      const entry = await kv.get(read.ref)
      const json = entry === null ? null : decodeJsonOrUndefined(entry.value)
      const sealed = sealedHandleSchema.extend({ sealed: z.literal(true) }).safeParse(json)
      const parsed = sealed.success ? await unsealed(sealed.data, read.ref) : handleSchema.safeParse(json)
      // The case was erased: its reply addresses take no more replies.
      if (parsed === 'erased') return { refused: 'expired' }
      if (!parsed?.success) return { refused: 'forged' }
      const verdict = read.check(parsed.data, now())
      return verdict === 'ok' ? { handle: parsed.data } : { refused: verdict }
    },
  }
}
