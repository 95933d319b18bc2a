// Set-up work done once across instances and restarts, in KV svc_setup: the
// instance that creates the key (`claimed`) does the work and marks it `done`;
// a claim left by an instance that stopped midway is taken over once stale;
// a failed try lets go of its claim so the retry need not wait.
import { BusConflictError } from '../bus/errors'
import { decodeJson } from '../bus/payload'
import type { BusKv } from '../bus/types'

export const SETUP_KV = 'svc_setup'
/** A claim older than this was left by an instance that stopped before it finished. */
export const CLAIM_STALE_MS = 2 * 60 * 1000

export interface SetupMarker {
  readonly state: 'claimed' | 'done'
  readonly at: string
  readonly [more: string]: unknown
}

export async function readMarker(setup: BusKv, key: string): Promise<SetupMarker | null> {
  const found = await setup.get(key)
  return found === null ? null : decodeJson<SetupMarker>(found.value)
}

/** True when this instance may do the work now. */
export async function claimSetup(setup: BusKv, key: string, now: Date): Promise<boolean> {
  const mine: SetupMarker = { state: 'claimed', at: now.toISOString() }
  try {
    await setup.create(key, mine)
    return true
  } catch (error) {
    if (!(error instanceof BusConflictError)) throw error
  }
  const found = await setup.get(key)
  if (found === null) return false
  const marker = decodeJson<SetupMarker>(found.value)
  if (marker.state === 'done' || now.getTime() - Date.parse(marker.at) < CLAIM_STALE_MS) return false
  try {
    await setup.update(key, mine, found.revision)
    return true
  } catch (error) {
    if (error instanceof BusConflictError) return false
    throw error
  }
}

export async function finishSetup(setup: BusKv, key: string, now: Date, more: object = {}): Promise<void> {
  await setup.put(key, { ...more, state: 'done', at: now.toISOString() })
}

/** Lets go of a claim after a failed try. */
export async function releaseSetup(setup: BusKv, key: string): Promise<void> {
  await setup.delete(key).catch(() => undefined)
}
