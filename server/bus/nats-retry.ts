// An append that may safely be sent again (it carries a de-duplication id or
// an expected subject sequence) is retried while a cluster elects a new
// stream leader: a lost node makes the stream answer nobody, or late, for a
// few seconds, and the same filing sent again is stored once.
import { JetStreamApiError } from '@nats-io/jetstream'
import { NoRespondersError, RequestError, TimeoutError } from '@nats-io/transport-node'
import { ELECTION_WINDOW_MS } from './while-unavailable'

const PAUSES_MS = [50, 100, 250, 500, 1000]

export function isTransient(error: unknown): boolean {
  if (error instanceof TimeoutError || error instanceof NoRespondersError) return true
  if (error instanceof RequestError && error.isNoResponders()) return true
  // 503: no stream leader at the moment; 408 and 500 are not a refusal of this message either.
  if (error instanceof JetStreamApiError) return [408, 500, 503].includes(error.status)
  // The client wraps a publish nobody answered (no stream leader yet) as "JetStream is not enabled".
  return error instanceof Error && error.cause !== undefined && isTransient(error.cause)
}

/**
 * Tries again while the error is transient and the window lasts. Each attempt is told how long is left, so one
 * started late in the window cannot outlast it by a whole client timeout: a gate run saw a filing held 13 s by an
 * attempt begun at 7.9 s that waited its 5 s.
 */
export async function retryTransient<T>(
  attempt: (remainingMs: number) => Promise<T>,
  windowMs = ELECTION_WINDOW_MS,
): Promise<T> {
  const until = Date.now() + windowMs
  for (let n = 0; ; n++) {
    try {
      return await attempt(until - Date.now())
    } catch (error) {
      const pause = PAUSES_MS[Math.min(n, PAUSES_MS.length - 1)] ?? 1000
      if (!isTransient(error) || Date.now() + pause > until) throw error
      await new Promise((resolve) => setTimeout(resolve, pause))
    }
  }
}
