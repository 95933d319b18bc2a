// The KV projection of each record. Keys are encoded exactly as the
// unstorage driver encodes `<bucket>:<id>`, so the automation endpoint reads
// them through unstorage; writes go to the bus KV itself because only its
// compare-and-set keeps a late writer from replacing a newer projection.
import { z } from 'zod'
import { BusConflictError } from '../bus/errors'
import { encodeKvKey } from '../bus/kv-driver'
import { decodeJson } from '../bus/payload'
import type { Bus, KvEntry } from '../bus/types'
import { log } from '../log'
import { memoUntilRejected } from '../memo-until-rejected'
import { actorSchema, ERASE_REASONS, fieldValuesSchema, RECORDS_KV } from './types'
import type { HistoryEntry, Projection } from './types'

const recordViewSchema = z.object({
  id: z.string(),
  bucket: z.string(),
  storyline: z.string(),
  state: z.string(),
  fields: fieldValuesSchema,
  submitter: z.string(),
  filedAt: z.string(),
  enteredAt: z.string(),
  // Projections stored before it was kept: the filing is the history's first entry (see parse).
  filedSeq: z.number().default(0),
  seq: z.number(),
  erasedAt: z.string().optional(),
})

const historyEntrySchema: z.ZodType<HistoryEntry> = z.object({
  type: z.enum(['filed', 'moved', 'noted', 'claimed', 'erased']),
  from: z.string().optional(),
  to: z.string(),
  edge: z.string().optional(),
  via: z.enum(['desk', 'self', 'timed', 'mail', 'service']).optional(),
  text: z.string().optional(),
  note: z.string().optional(),
  reason: z.enum(ERASE_REASONS).optional(),
  actor: actorSchema,
  time: z.string(),
  seq: z.number(),
})

const projectionSchema = z.object({ record: recordViewSchema, history: z.array(historyEntrySchema) })

export interface UpdateOptions {
  /** The record is new (a filing): its projection is most likely not stored yet. */
  readonly fresh?: boolean
}

/** Given what is stored, the projection to store instead, or null to leave it. */
export type ProjectionChange = (stored: Projection | null) => Promise<Projection | null>

export interface ProjectionStore {
  read(bucket: string, id: string): Promise<Projection | null>
  /** Applies `change` with compare-and-set, trying again when another writer came between. */
  update(bucket: string, id: string, change: ProjectionChange, options?: UpdateOptions): Promise<void>
  /** Stores `projection` as the record's only one: no earlier projection of it stays (an erasure). */
  replace(projection: Projection): Promise<void>
}

const projectionKey = (bucket: string, id: string): string => `${bucket}:${id}`

export function createProjectionStore(bus: Bus): ProjectionStore {
  const kv = memoUntilRejected(() => bus.kv(RECORDS_KV))
  const parse = (key: string, entry: KvEntry | null): Projection | null => {
    if (entry === null) return null
    let json: unknown
    try {
      json = decodeJson(entry.value)
    } catch {
      json = undefined
    }
    const parsed = projectionSchema.safeParse(json)
    if (parsed.success) {
      const { record, history } = parsed.data
      const filedSeq = record.filedSeq || (history.find((entry) => entry.type === 'filed')?.seq ?? 0)
      return { record: { ...record, filedSeq }, history }
    }
    log('warn', 'records', '[svc] [records] unreadable projection, treated as missing', { key })
    return null
  }

  return {
    async read(bucket, id) {
      const key = encodeKvKey(projectionKey(bucket, id))
      return parse(key, await (await kv()).get(key))
    },

    async replace(projection) {
      const { bucket, id } = projection.record
      await (await kv()).replace(encodeKvKey(projectionKey(bucket, id)), projection)
    },

    async update(bucket, id, change, options = {}) {
      const store = await kv()
      const key = encodeKvKey(projectionKey(bucket, id))
      // A filing's projection is new: creating it without reading first
      // spares a round trip; whoever was there first makes the next try read.
      let assumeMissing = options.fresh === true
      for (;;) {
        const entry = assumeMissing ? null : await store.get(key)
        assumeMissing = false
        const next = await change(parse(key, entry))
        if (next === null) return
        try {
          if (entry === null) await store.create(key, next)
          else await store.update(key, next, entry.revision)
          return
        } catch (error) {
          if (!(error instanceof BusConflictError)) throw error
        }
      }
    },
  }
}
