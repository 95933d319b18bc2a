// Polls until `check` holds; fails the test after `timeoutMs` instead of
// letting vitest's own timeout hide which condition never came true.
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await sleep(20)
  }
}

export interface SettleOptions {
  /** How long the value must hold still. */
  readonly quietMs?: number
  readonly timeoutMs?: number
  readonly what?: string
}

/**
 * Resolves with what `read` answers once the answer has held still for
 * `quietMs`; every change starts the quiet time again. For checking that
 * nothing more arrives where no step the test can take is ordered after a
 * straggler: wait for the event itself first, then settle. Where such a step
 * exists (a marker appended after, on the same ordered stream), wait for the
 * marker instead: that check cannot be outrun.
 */
export async function settle<T>(read: () => T | Promise<T>, options: SettleOptions = {}): Promise<T> {
  const { quietMs = 250, timeoutMs = 10_000, what = 'value' } = options
  const deadline = Date.now() + timeoutMs
  let value = await read()
  let last = JSON.stringify(value)
  let stillSince = Date.now()
  while (Date.now() - stillSince < quietMs) {
    if (Date.now() > deadline) throw new Error(`${what} still changing after ${timeoutMs} ms`)
    await sleep(20)
    value = await read()
    const now = JSON.stringify(value)
    if (now !== last) {
      last = now
      stillSince = Date.now()
    }
  }
  return value
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
