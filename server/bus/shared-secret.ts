// A random key every instance on the bus shares: made by whichever process
// asks first and never replaced, so what it signed stays valid across
// restarts and instances. Kept in KV svc_secrets.
import { randomBytes } from 'node:crypto'
import { BusConflictError } from './errors'
import type { Bus } from './types'

const SECRETS_BUCKET = 'svc_secrets'

export async function readOrCreateSecret(bus: Bus, name: string): Promise<Buffer> {
  const kv = await bus.kv(SECRETS_BUCKET)
  const stored = await kv.get(name)
  if (stored !== null) return Buffer.from(stored.value)
  const made = randomBytes(32)
  try {
    await kv.create(name, made)
    return made
  } catch (error) {
    // Another process made it first: everyone signs with that one.
    if (!(error instanceof BusConflictError)) throw error
    const first = await kv.get(name)
    if (first === null)
      throw new Error(`[svc] [bus] the shared secret ${name} vanished while starting`, { cause: error })
    return Buffer.from(first.value)
  }
}
