// Records are event-sourced: stream SVC_RECORDS, one subject per record
// (`svc.rec.<bucket>.<id>`). Everything else (the current record, listings,
// report counts) is a projection of these events.
import { z } from 'zod'

export const RECORDS_STREAM = 'SVC_RECORDS'

/** The longest note a move keeps. */
export const MAX_NOTE = 5000

export const recordSubject = (bucket: string, id: string): string => `svc.rec.${bucket}.${id}`

/** KV projection of each record (`<bucket>:<id>` through the unstorage key encoding). */
export const RECORDS_KV = 'svc_records'

/** Field values as stored: text for every type; checkbox `yes`/absent; location `lat,lng`. */
export const fieldValuesSchema = z.record(z.string(), z.string())
export type FieldValues = z.infer<typeof fieldValuesSchema>

/**
 * Who made an event happen. `visitor` is an anonymous session; `clock` a timed move; `service` the service itself
 * (the mailer); `mail` whoever answered a mail about the case, known by the address the mail went to.
 */
export const actorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('person'), subject: z.string(), name: z.string().optional() }),
  z.object({ kind: z.literal('mail'), address: z.string() }),
  z.object({ kind: z.literal('visitor'), session: z.string() }),
  z.object({ kind: z.literal('clock') }),
  z.object({ kind: z.literal('service') }),
])
export type Actor = z.infer<typeof actorSchema>

const base = {
  v: z.literal(1),
  record: z.string(),
  bucket: z.string(),
  storyline: z.string(),
  actor: actorSchema,
  time: z.string(),
}

export const recordEventSchema = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('filed'),
    to: z.string(),
    fields: fieldValuesSchema,
    /** Subject of the signed-in submitter, or `session:<id>` for a visitor. */
    submitter: z.string(),
  }),
  z.object({
    ...base,
    type: z.literal('moved'),
    from: z.string(),
    to: z.string(),
    /** The declared move (desk or self) this event went through. */
    edge: z.string(),
    via: z.enum(['desk', 'self', 'timed']),
    /** The one-time token of the form that asked for the move; the clock's moves have none. */
    submission: z.string().optional(),
    /** What staff wrote with a move that asks for a note (`note:` on the move). */
    note: z.string().max(MAX_NOTE).optional(),
  }),
  // Something said about the record that leaves its state as it is: a mail
  // that could not be delivered (by the service), and later staff's and the
  // submitter's messages (desk, mail).
  z.object({
    ...base,
    type: z.literal('noted'),
    via: z.enum(['desk', 'mail', 'service']),
    text: z.string().max(20_000),
  }),
  // A case filed before signing in, taken over by the person who signed in
  // in that browser: from here on the record is theirs on every device.
  z.object({
    ...base,
    type: z.literal('claimed'),
    /** The submitter value the record had (`session:<digest>`). */
    from: z.string(),
    /** The person's subject. */
    submitter: z.string(),
  }),
])
export type RecordEvent = z.infer<typeof recordEventSchema>

/** The current record, as projected from its events. */
export interface RecordView {
  readonly id: string
  readonly bucket: string
  readonly storyline: string
  readonly state: string
  readonly fields: FieldValues
  readonly submitter: string
  readonly filedAt: string
  /** When the record entered its current state (timed moves count from here). */
  readonly enteredAt: string
  /** Stream sequence of the record's filing: its short reference is made from it (reference.ts). */
  readonly filedSeq: number
  /** Stream sequence of the record's last event: the version a move must expect. */
  readonly seq: number
  /** When its personal data was erased (issue 29); its personal field values are gone from then on. */
  readonly erasedAt?: string
}

/** A visitor's submitter value; anything else is a signed-in person's subject. */
export const VISITOR_PREFIX = 'session:'

export interface HistoryEntry {
  readonly type: RecordEvent['type']
  readonly from?: string
  /** The state after the entry (for a note, the state it was in). */
  readonly to: string
  readonly edge?: string
  readonly via?: 'desk' | 'self' | 'timed' | 'mail' | 'service'
  /** A note's text. */
  readonly text?: string
  /** A move's note. */
  readonly note?: string
  readonly actor: Actor
  readonly time: string
  readonly seq: number
}

/** What the KV bucket svc_records holds per record. */
export interface Projection {
  readonly record: RecordView
  readonly history: readonly HistoryEntry[]
}

/** Who asked for an erasure and why: the clock by `retention:`, staff on a request, or the submitter. */
export interface EraseInput {
  readonly bucket: string
  readonly id: string
  readonly actor: Actor
  readonly reason: 'retention' | 'request' | 'self'
  /** Staff's reason for an erasure on request, kept on the event. */
  readonly note?: string
}

export type EraseOutcome = { kind: 'erased'; record: RecordView } | { kind: 'already-erased' } | null
