// Settings that start the built service on a fast clock (fast-clock-preload.mjs):
// its minute-spaced scheduled tasks then run `rate` times as often, so a test
// crosses real retries in seconds instead of minutes.
import { fileURLToPath } from 'node:url'

const PRELOAD = fileURLToPath(new URL('./fast-clock-preload.mjs', import.meta.url))

export function fastClock(rate: number): Record<string, string> {
  return { NODE_OPTIONS: `--import=${PRELOAD}`, SVC_TEST_CLOCK_RATE: String(rate) }
}
