// The session store over a bus KV bucket. The bucket's max_age only collects
// sessions nobody returns to; a record's own `expires` decides whether it loads.
import { BusConflictError, isBusUnavailable } from '../bus/errors'
import { whileUnavailable } from '../bus/while-unavailable'
import { decodeJson } from '../bus/payload'
import type { KvEntry } from '../bus/types'
import {
  parseSessionRecord,
  toRecord,
  type PendingSignIn,
  type Session,
  type SessionRecord,
  type SessionUser,
} from './session'
import { SessionsUnavailableError, type SessionKv } from './guarded-kv'
import { isSessionId, randomToken } from './session-id'

const DAY_MS = 24 * 60 * 60 * 1000
/**
 * Fixed, not sliding: a session ends 14 days after it was created, and signing
 * in always creates a new one, so a stolen cookie dies on schedule and a load
 * never writes.
 */
export const SESSION_LIFETIME_MS = 14 * DAY_MS
/** Longer than any session lives, so the bucket never drops a live one. */
export const SESSION_BUCKET_MAX_AGE_MS = 15 * DAY_MS
// Drawing a taken id twice in a row is already astronomically unlikely.
const ID_ATTEMPTS = 5
const CREATE_AGAIN_MS = 250

// The guard's own refusal (not connected, or no answer in its time) or the bus's.
const unavailable = (error: unknown) => error instanceof SessionsUnavailableError || isBusUnavailable(error)

export interface SessionStoreOptions {
  readonly kv: SessionKv
  readonly now?: () => number
  /** Injectable so a test can force a collision. */
  readonly newId?: () => string
  readonly lifetimeMs?: number
  /**
   * How long a create waits out a bus that cannot answer (a cluster electing the bucket's leader): each try draws a
   * new id, so one stored after its answer was lost is a session nobody holds, never one given twice. 0: no wait.
   */
  readonly createWaitMs?: number
}

export interface NewSession {
  readonly user?: SessionUser | null
  readonly pending?: PendingSignIn | null
}

export interface SessionStore {
  create(init?: NewSession): Promise<Session>
  /** null for an unknown, malformed or expired id. */
  load(id: string): Promise<Session | null>
  /** Throws BusConflictError when the session changed or was deleted since it was read. */
  save(session: Session): Promise<Session>
  remove(id: string): Promise<void>
}

// A session is read on every request of its person, mostly the same entry
// from memory (cached-kv.ts): parsed once per entry, not once per request.
const parsed = new WeakMap<KvEntry, SessionRecord | null>()

function parsedRecord(entry: KvEntry): SessionRecord | null {
  if (parsed.has(entry)) return parsed.get(entry) ?? null
  let record: SessionRecord | null
  try {
    record = parseSessionRecord(decodeJson(entry.value))
  } catch {
    record = null
  }
  parsed.set(entry, record)
  return record
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { kv } = options
  const now = options.now ?? Date.now
  const newId = options.newId ?? randomToken
  const lifetimeMs = options.lifetimeMs ?? SESSION_LIFETIME_MS
  const createWaitMs = options.createWaitMs ?? 0

  return {
    async create(init = {}) {
      const created = now()
      const record: SessionRecord = {
        user: init.user ?? null,
        csrf: randomToken(),
        pending: init.pending ?? null,
        created,
        expires: created + lifetimeMs,
      }
      // create, never put: an id already in use belongs to someone else. Each try draws its own id.
      const tryOnce = async () => {
        const id = newId()
        return { ...record, id, revision: await kv.create(id, record) }
      }
      for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
        try {
          return await whileUnavailable(tryOnce, createWaitMs, CREATE_AGAIN_MS, unavailable)
        } catch (error) {
          if (!(error instanceof BusConflictError)) throw error
        }
      }
      throw new Error(`[svc] [auth] no unused session id after ${ID_ATTEMPTS} draws`)
    },

    async load(id) {
      if (!isSessionId(id)) return null
      const entry = await kv.get(id)
      if (entry === null) return null
      const record = parsedRecord(entry)
      if (record === null || record.expires <= now()) return null
      return { ...record, id, revision: entry.revision }
    },

    async save(session) {
      // update, never put: a session signed out meanwhile must stay gone.
      const revision = await kv.update(session.id, toRecord(session), session.revision)
      return { ...session, revision }
    },

    async remove(id) {
      if (isSessionId(id)) await kv.delete(id)
    },
  }
}
