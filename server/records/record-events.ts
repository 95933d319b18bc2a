// One record's events, read back from the stream: the truth whenever the
// in-memory index has moved on or the KV projection fell behind.
import type { Bus, Unsubscribe } from '../bus/types'
import { foldEvents } from './apply-event'
import type { SequencedEvent } from './apply-event'
import { decodeRecordEvent, openRecordEvent } from './decode-event'
import { useRecordKeys } from './record-keys'
import { recordsError } from './errors'
import { RECORDS_STREAM, recordSubject } from './types'
import type { Projection } from './types'

const readTimeoutMs = 10_000

/** The record's events up to and including stream sequence `untilSeq`, oldest first. */
export async function readRecordEvents(
  bus: Bus,
  bucket: string,
  id: string,
  untilSeq: number,
): Promise<SequencedEvent[]> {
  const keys = useRecordKeys(bus)
  const sealed = await readSealedEvents(bus, bucket, id, untilSeq)
  return Promise.all(sealed.map(async ({ event, seq }) => ({ event: await openRecordEvent(keys, event), seq })))
}

/** The record's events as stored, their personal values still sealed. */
export function readSealedEvents(bus: Bus, bucket: string, id: string, untilSeq: number): Promise<SequencedEvent[]> {
  return new Promise((resolve, reject) => {
    const found: SequencedEvent[] = []
    let stop: Unsubscribe | undefined
    let done = false
    const finish = (error?: unknown) => {
      if (done) return
      done = true
      clearTimeout(timer)
      stop?.()
      if (error === undefined) resolve(found)
      else
        reject(error instanceof Error ? error : recordsError(typeof error === 'string' ? error : 'the follow failed'))
    }
    // A subject with nothing at or after untilSeq would leave the follow waiting for ever.
    const timer = setTimeout(
      () => finish(recordsError(`reading ${bucket}/${id} up to ${untilSeq} took over ${readTimeoutMs} ms`)),
      readTimeoutMs,
    )
    bus
      .follow(RECORDS_STREAM, recordSubject(bucket, id), {}, (message) => {
        if (done || message.seq > untilSeq) return finish()
        const decoded = decodeRecordEvent(message)
        if ('event' in decoded) found.push({ event: decoded.event, seq: message.seq })
        if (message.seq === untilSeq) finish()
      })
      .then((unsubscribe) => {
        stop = unsubscribe
        if (done) unsubscribe()
      }, finish)
  })
}

/** The projection as of `untilSeq`, folded from the stream. */
export async function rebuildProjection(
  bus: Bus,
  bucket: string,
  id: string,
  untilSeq: number,
): Promise<Projection | null> {
  return foldEvents(await readRecordEvents(bus, bucket, id, untilSeq))
}
