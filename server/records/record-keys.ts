// Each record's own key (KV svc_record_keys, `<bucket>.<id>`): made at its
// first sealed event (its filing), read to open its events, and destroyed
// by its erasure, which leaves a tombstone in its place so that nothing
// personal is sealed for the record again. Keys never change once made, so
// an instance keeps the ones it read; the `erased` event makes every index
// forget the record's key as it applies it (record-index.ts).
import { z } from 'zod'
import { answeredWithin } from '../bus/answered-within'
import { BusConflictError } from '../bus/errors'
import { decodeJsonOrUndefined } from '../bus/payload'
import type { Bus, BusKv } from '../bus/types'
import { ELECTION_WINDOW_MS, whileUnavailable } from '../bus/while-unavailable'
import { memoUntilRejected } from '../memo-until-rejected'
import { newRecordKey, recordKeyBytes, recordKeyOf, type RecordKey } from './seal'

export const RECORD_KEYS_KV = 'svc_record_keys'

const storedSchema = z.union([z.object({ key: z.string() }), z.object({ erased: z.string() })])

/** What is known of a record's key: the key, or the time it was destroyed. */
type Known = RecordKey | { readonly erased: string }

export interface RecordKeys {
  /**
   * The key to seal with, made if the record has none yet; null once it was destroyed. `fresh`: the record is
   * being filed, so most likely has no key yet.
   */
  forSealing(bucket: string, id: string, fresh?: boolean): Promise<RecordKey | null>
  /**
   * The key to open with; null when there is none (destroyed, or a record from before keys). With `patienceMs`,
   * a bus that cannot answer is asked again for that long before the read fails.
   */
  forOpening(bucket: string, id: string, patienceMs?: number): Promise<RecordKey | null>
  /** Destroys the key for good: no earlier value of it stays in the bucket or on disk. */
  destroy(bucket: string, id: string, time: Date): Promise<void>
  /** Drops the key this instance kept, once the record's erasure is seen. */
  forget(bucket: string, id: string): void
}

// A key's bucket electing its leader answers nobody, or "no responders" at once: each create waits this long and
// is sent again for as long as an append waits out an election, so a visitor filing during a node's loss waits
// seconds for their 303 rather than getting the form back to send again. A create sent again that meets the one
// before it (answered too late) reads that key, so one key is ever used.
const CREATE_WAIT_MS = 2000
const CREATE_AGAIN_MS = 250

// A read sent to a node just lost waits for the client's 5 s timeout, though the same read a moment later is
// answered by a replica still up: a patient opener gives each read this long and asks again.
const PATIENT_READ_MS = 1000
const READ_AGAIN_MS = 250

// About a megabyte of keys: a replay's working set, not the whole history.
const KEPT = 20_000

const keyName = (bucket: string, id: string) => `${bucket}.${id}`

export function createRecordKeys(bus: Bus): RecordKeys {
  const kv = memoUntilRejected(() => bus.kv(RECORD_KEYS_KV))
  const kept = new Map<string, Known>()
  const keep = (name: string, known: Known) => {
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!)
    kept.set(name, known)
    return known
  }
  const parse = (value: Uint8Array): Known | null => {
    const parsed = storedSchema.safeParse(decodeJsonOrUndefined(value))
    if (!parsed.success) return null
    if ('erased' in parsed.data) return { erased: parsed.data.erased }
    return recordKeyOf(Buffer.from(parsed.data.key, 'base64'))
  }
  const read = async (store: BusKv, name: string, waitMs?: number): Promise<Known | null> => {
    const asked = store.get(name)
    const entry = await (waitMs === undefined ? asked : answeredWithin(asked, waitMs, `reading the key ${name}`))
    const known = entry === null ? null : parse(entry.value)
    return known === null ? null : keep(name, known)
  }
  const asKey = (known: Known | null | undefined) =>
    known === null || known === undefined || 'erased' in known ? null : known

  return {
    async forSealing(bucket, id, fresh = false) {
      const name = keyName(bucket, id)
      const cached = kept.get(name)
      if (cached !== undefined) return asKey(cached)
      const store = await kv()
      // A filing's record is new: its key is made without asking first (one round trip, not two, before the
      // filing is stored); a retried filing's create meets the key made the first time.
      const found = fresh ? null : await read(store, name)
      if (found !== null) return asKey(found)
      const key = newRecordKey()
      const stored = { key: recordKeyBytes(key).toString('base64') }
      try {
        await whileUnavailable(
          () => answeredWithin(store.create(name, stored), CREATE_WAIT_MS, `making the key ${name}`),
          ELECTION_WINDOW_MS,
          CREATE_AGAIN_MS,
        )
        return asKey(keep(name, key))
      } catch (error) {
        // Another writer made it first (a retried filing on another instance), or this create's own earlier try
        // was stored after its wait: the stored key is the key, read with the same patience.
        if (!(error instanceof BusConflictError)) throw error
        return asKey(
          await whileUnavailable(() => read(store, name, PATIENT_READ_MS), ELECTION_WINDOW_MS, READ_AGAIN_MS),
        )
      }
    },
    async forOpening(bucket, id, patienceMs) {
      const name = keyName(bucket, id)
      const cached = kept.get(name)
      if (cached !== undefined) return asKey(cached)
      if (patienceMs === undefined) return asKey(await read(await kv(), name))
      return asKey(
        await whileUnavailable(async () => read(await kv(), name, PATIENT_READ_MS), patienceMs, READ_AGAIN_MS),
      )
    },
    async destroy(bucket, id, time) {
      const name = keyName(bucket, id)
      kept.delete(name)
      await (await kv()).replace(name, { erased: time.toISOString() })
    },
    forget(bucket, id) {
      kept.delete(keyName(bucket, id))
    },
  }
}

const perBus = new WeakMap<Bus, RecordKeys>()

/** The one RecordKeys of `bus` in this process, shared by writers, readers and the mailer. */
export function useRecordKeys(bus: Bus): RecordKeys {
  let keys = perBus.get(bus)
  if (keys === undefined) perBus.set(bus, (keys = createRecordKeys(bus)))
  return keys
}
