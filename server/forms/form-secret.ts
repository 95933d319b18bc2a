// The key that signs anonymous visitors' form tokens (form-token.ts). One key
// for every instance on the bus, so a form drawn by one instance can be posted
// to another; made by whichever instance starts first and never replaced, so
// open forms stay valid across restarts. Read once at start: a page view
// never touches the bus for it.
import { randomBytes } from 'node:crypto'
import { BusConflictError } from '../bus/errors'
import type { Bus } from '../bus/types'

const SECRETS_BUCKET = 'svc_secrets'
const FORM_KEY = 'form-token'

let secret: Promise<Buffer> | null = null
let settled: Buffer | null = null

export function startFormSecret(bus: Promise<Bus>): Promise<Buffer> {
  secret = bus.then(readOrCreate).then((key) => (settled = key))
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

async function readOrCreate(bus: Bus): Promise<Buffer> {
  const kv = await bus.kv(SECRETS_BUCKET)
  const stored = await kv.get(FORM_KEY)
  if (stored !== null) return Buffer.from(stored.value)
  const made = randomBytes(32)
  try {
    await kv.create(FORM_KEY, made)
    return made
  } catch (error) {
    // Another instance made it first: everyone signs with that one.
    if (!(error instanceof BusConflictError)) throw error
    const first = await kv.get(FORM_KEY)
    if (first === null) throw new Error('[svc] [forms] the form secret vanished while starting', { cause: error })
    return Buffer.from(first.value)
  }
}
