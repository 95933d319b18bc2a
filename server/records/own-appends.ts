// The events this process appended, kept by sequence until its own index
// reads them back: that index takes the event as it keeps it instead of
// decoding the stored bytes and opening their sealed values again with the
// key it sealed them with a moment before (a tenth of a filing's CPU). Only
// this process's index on the same bus takes them; every other reader
// decodes the stream as before.
import type { Bus } from '../bus/types'
import type { RecordEvent } from './types'

/** The index keeps a filing's and a claim's personal values opened; every other event's stay sealed there. */
export const indexKeepsOpened = (event: RecordEvent): boolean => event.type === 'filed' || event.type === 'claimed'

// An index far behind (re-following after a node's loss) reads the stream instead: keeping more saves nothing.
const KEPT = 4096

const perBus = new WeakMap<Bus, Map<number, RecordEvent>>()

/** `event` appended at `seq`, as the index keeps it (opened or sealed, as indexKeepsOpened says). */
export function keepOwnAppend(bus: Bus, seq: number, event: RecordEvent): void {
  let kept = perBus.get(bus)
  if (kept === undefined) perBus.set(bus, (kept = new Map<number, RecordEvent>()))
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value!)
  kept.set(seq, event)
}

/**
 * The event this process appended at `seq`, once; undefined when another process appended it (or long ago). The
 * index reads in stream order, so what is kept below `seq` will not be asked for: it goes, personal values and all.
 */
export function takeOwnAppend(bus: Bus, seq: number): RecordEvent | undefined {
  const kept = perBus.get(bus)
  if (kept === undefined) return undefined
  for (const older of kept.keys()) {
    if (older >= seq) break
    kept.delete(older)
  }
  const event = kept.get(seq)
  if (event !== undefined) kept.delete(seq)
  return event
}
