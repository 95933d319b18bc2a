// The events this process appended, kept by sequence until its own index
// reads them back: that index takes the event as it was made instead of
// decoding the stored bytes and opening their sealed values again with the
// key it sealed them with a moment before (a tenth of a filing's CPU). Only
// this process's index on the same bus takes them; every other reader
// decodes the stream as before.
import type { Bus } from '../bus/types'
import type { RecordEvent } from './types'

export interface OwnAppend {
  /** The event as stored on the stream (its personal values sealed). */
  readonly stored: RecordEvent
  /** The event as read back with its key: what the index keeps of a filing or a claim. */
  readonly opened: RecordEvent
}

// An index far behind (re-following after a node's loss) reads the stream instead: keeping more saves nothing.
const KEPT = 4096

const perBus = new WeakMap<Bus, Map<number, OwnAppend>>()

export function keepOwnAppend(bus: Bus, seq: number, append: OwnAppend): void {
  let kept = perBus.get(bus)
  if (kept === undefined) perBus.set(bus, (kept = new Map<number, OwnAppend>()))
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value!)
  kept.set(seq, append)
}

/** The event this process appended at `seq`, once; undefined when another process appended it (or long ago). */
export function takeOwnAppend(bus: Bus, seq: number): OwnAppend | undefined {
  const kept = perBus.get(bus)
  const append = kept?.get(seq)
  if (append !== undefined) kept?.delete(seq)
  return append
}
