// Asking again while the bus says it is unavailable (a cluster electing a
// leader, seconds), within a window that a person or a caller can wait out;
// any other failure, or one past the window, is the caller's.
import { isBusUnavailable } from './errors'

export async function whileUnavailable<T>(attempt: () => Promise<T>, windowMs: number, pauseMs: number): Promise<T> {
  const until = Date.now() + windowMs
  for (;;) {
    try {
      return await attempt()
    } catch (error) {
      if (!isBusUnavailable(error) || Date.now() + pauseMs > until) throw error
      await new Promise((resolve) => setTimeout(resolve, pauseMs))
    }
  }
}
