// How long a work handler that threw waits before its message is handed out
// again, on either bus. A bus that could not answer the handler (a leader
// being elected, seconds on a cluster) is asked again soon, then less often;
// any other failure waits a minute, so a handler broken by its input does not
// spin. A mail caught in a node's loss would otherwise wait the whole minute.
import { isBusUnavailable } from './errors'

const FAILED_HANDLER_RETRY_MS = 60_000
const UNAVAILABLE_FIRST_RETRY_MS = 2000

/** The pause before attempt `attempt + 1` of work whose handler threw `error`. */
export function handlerRetryMs(error: unknown, attempt: number): number {
  if (!isBusUnavailable(error)) return FAILED_HANDLER_RETRY_MS
  return Math.min(UNAVAILABLE_FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1), FAILED_HANDLER_RETRY_MS)
}
