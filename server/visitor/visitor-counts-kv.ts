// Visitors per storyline on the bus: KV svc_storyline_visitors, a key per
// storyline holding `{"visitors": n}`. Every instance adds its own counts by
// compare-and-set, so two adding at once both land.
import { compareAndSet } from '../bus/kv-compare-and-set'
import { decodeJsonOrUndefined } from '../bus/payload'
import type { Bus } from '../bus/types'
import type { VisitorCountStore } from './visitor-counter'

export const VISITOR_COUNTS_KV = 'svc_storyline_visitors'

interface Stored {
  readonly visitors: number
}

// A value this version did not write counts as none rather than stopping the count.
function readStored(bytes: Uint8Array): Stored | null {
  const value = decodeJsonOrUndefined(bytes) as Partial<Stored> | undefined
  const visitors = value?.visitors
  return typeof visitors === 'number' && Number.isSafeInteger(visitors) && visitors >= 0 ? { visitors } : null
}

export async function createVisitorCountsKv(bus: Bus): Promise<VisitorCountStore> {
  const kv = await bus.kv(VISITOR_COUNTS_KV)
  return {
    async add(storyline, by) {
      await compareAndSet(kv, storyline, readStored, (current) => ({ visitors: (current?.visitors ?? 0) + by }))
    },
    read: (storylines) =>
      Promise.all(
        storylines.map(async (storyline) => {
          const entry = await kv.get(storyline)
          return entry === null ? 0 : (readStored(entry.value)?.visitors ?? 0)
        }),
      ),
  }
}
