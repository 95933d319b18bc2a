// SPEC Storylines 3 for a person who signs in: the storyline they were given
// first is kept with them on the bus (KV svc_storylines, keyed by subject,
// created once and never replaced), and at every sign-in, on any device, it
// wins over the storyline that browser was given.
import { BusConflictError } from '../bus/errors'
import { encodeKvKey } from '../bus/kv-driver'
import { decodeText, encodeText } from '../bus/payload'
import type { Bus } from '../bus/types'

export const STORYLINES_KV = 'svc_storylines'

/** The person's storyline: the one kept for them, or `offered` when they have none yet (then kept). */
export async function keepStoryline(bus: Bus, subject: string, offered: string): Promise<string> {
  const kv = await bus.kv(STORYLINES_KV)
  const key = encodeKvKey(subject)
  const stored = await kv.get(key)
  if (stored !== null) return decodeText(stored.value)
  try {
    await kv.create(key, encodeText(offered))
    return offered
  } catch (error) {
    // Their other device signed in a moment before: that one was first.
    if (!(error instanceof BusConflictError)) throw error
    const first = await kv.get(key)
    return first === null ? offered : decodeText(first.value)
  }
}
