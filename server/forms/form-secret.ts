// The key that signs anonymous visitors' form tokens (form-token.ts). One key
// for every instance on the bus, so a form drawn by one instance can be posted
// to another; made by whichever instance starts first and never replaced, so
// open forms stay valid across restarts. Read once at start: a page view
// never touches the bus for it.
import { readOrCreateSecret } from '../bus/shared-secret'
import type { Bus } from '../bus/types'

const FORM_KEY = 'form-token'

let secret: Promise<Buffer> | null = null
let settled: Buffer | null = null

export function startFormSecret(bus: Promise<Bus>): Promise<Buffer> {
  secret = bus.then((ready) => readOrCreateSecret(ready, FORM_KEY)).then((key) => (settled = key))
  return secret
}

export function useFormSecret(): Promise<Buffer> {
  if (!secret) throw new Error('[svc] [forms] the form secret was never started')
  return secret
}

/** The key once read, without waiting; null before. */
export function formSecretIfReady(): Buffer | null {
  return settled
}
