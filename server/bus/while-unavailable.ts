// Asking again while the bus says it is unavailable (a cluster electing a
// leader, seconds), within a window that a person or a caller can wait out;
// any other failure, or one past the window, is the caller's.
import { isBusUnavailable } from './errors'

/** Longer than a cluster's election after a node's loss, shorter than a person's patience: what a write waits out. */
export const ELECTION_WINDOW_MS = 8000

/** `unavailable` says which failures are waited out; the bus's own by default. */
export async function whileUnavailable<T>(
  attempt: () => Promise<T>,
  windowMs: number,
  pauseMs: number,
  unavailable: (error: unknown) => boolean = isBusUnavailable,
): Promise<T> {
  const until = Date.now() + windowMs
  for (;;) {
    try {
      return await attempt()
    } catch (error) {
      if (!unavailable(error) || Date.now() + pauseMs > until) throw error
      await new Promise((resolve) => setTimeout(resolve, pauseMs))
    }
  }
}
