// The push webhook acts on each delivery once. The git host's signature covers
// the body only, not the delivery id header, so a captured delivery resent
// with a fresh id is still the same delivery: what is remembered is the
// digest of the signed body, on the bus for a day, so a copy sent to any
// instance is caught. A create-only write lets exactly one of two racing
// copies through.
import { createHash } from 'node:crypto'
import { useBus } from '../app/bus'
import { BusConflictError } from '../bus/errors'
import type { BusKv } from '../bus/types'
import { publishContentChanged, type ContentChanged } from './bus-messages'

const BUCKET = 'svc_webhook_deliveries'
// A git host redelivers on request for a few days; a replay after a day costs
// one reload of content that is already live.
const REMEMBER_MS = 24 * 60 * 60 * 1000

/** The delivery id a git host sends (a GUID), or null when missing or not one. */
export function readDeliveryId(header: string | undefined): string | null {
  const id = header?.trim() ?? ''
  return /^[A-Za-z0-9-]{1,100}$/.test(id) ? id : null
}

let bucket: Promise<BusKv> | null = null

function openBucket(): Promise<BusKv> {
  // A failed opening is forgotten, so the next delivery tries again.
  bucket ??= useBus()
    .then((bus) => bus.kv(BUCKET, { maxAgeMs: REMEMBER_MS }))
    .catch((error: unknown) => {
      bucket = null
      throw error
    })
  return bucket
}

/**
 * Asks every instance to reload, unless this signed body was acted on within
 * the last day (false). A delivery whose ask could not be sent is forgotten
 * again, so the host's redelivery still works.
 */
export async function reloadForDelivery(body: Uint8Array, delivery: string, message: ContentChanged): Promise<boolean> {
  const kv = await openBucket()
  const key = createHash('sha256').update(body).digest('hex')
  try {
    await kv.create(key, { delivery, at: new Date().toISOString() })
  } catch (error) {
    if (error instanceof BusConflictError) return false
    throw error
  }
  try {
    publishContentChanged(await useBus(), message)
  } catch (error) {
    await kv.delete(key).catch(() => undefined)
    throw error
  }
  return true
}
