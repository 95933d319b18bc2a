// Session reads and writes that fail fast: a request must not hang on a bus
// that is gone, it gets a short 503 instead.
import type { BusKv } from '../bus/types'

/** What of a KV bucket the sessions use. */
export type SessionKv = Pick<BusKv, 'get' | 'create' | 'update' | 'delete'>

export class SessionsUnavailableError extends Error {
  override readonly name = 'SessionsUnavailableError'

  constructor(why: string, cause?: unknown) {
    super(`[svc] [auth] sessions are unavailable: ${why}`, cause === undefined ? undefined : { cause })
  }
}

/** Rejects with SessionsUnavailableError when `work` takes longer than `ms`. */
export function withinTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SessionsUnavailableError(`${what} took over ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

export function guardKv(kv: SessionKv, isConnected: () => boolean, ms: number): SessionKv {
  function guard<T>(what: string, work: () => Promise<T>): Promise<T> {
    // While NATS reconnects, requests would wait out their own long timeouts.
    if (!isConnected()) return Promise.reject(new SessionsUnavailableError('the bus is not connected'))
    return withinTime(work(), ms, what)
  }
  return {
    get: (key) => guard('reading a session', () => kv.get(key)),
    create: (key, value) => guard('creating a session', () => kv.create(key, value)),
    update: (key, value, revision) => guard('saving a session', () => kv.update(key, value, revision)),
    delete: (key) => guard('deleting a session', () => kv.delete(key)),
  }
}
