// The process-wide visitor counter (server/visitor/visitor-counter.ts) over
// the bus's KV; flushed by server/nitro/visitor-count-plugin.ts.
import { log } from '../log'
import { createVisitorCounter, type VisitorCountStore } from '../visitor/visitor-counter'
import { createVisitorCountsKv } from '../visitor/visitor-counts-kv'
import { useBus } from './bus'

let store: Promise<VisitorCountStore> | null = null

function useStore(): Promise<VisitorCountStore> {
  if (store === null) {
    const opened = useBus().then(createVisitorCountsKv)
    // A bucket that could not be opened is tried again at the next flush.
    opened.catch(() => {
      if (store === opened) store = null
    })
    store = opened
  }
  return store
}

const counter = createVisitorCounter(useStore, (error, failed) =>
  log('error', 'report', '[svc] [report] visitor counts could not be stored; kept for the next flush', {
    visitors: failed,
    error: String(error),
  }),
)

export const useVisitorCounter = () => counter

/** Opens (or makes) the KV bucket, so that reading the report never has to make it: a read writes nothing. */
export function openVisitorCounts(): void {
  useStore().catch((error: unknown) =>
    log('error', 'report', '[svc] [report] the visitor counts cannot be opened yet', { error: String(error) }),
  )
}

/** Visitors per storyline: what the bus holds from every instance, and what this one has not flushed yet. */
export async function readVisitorCounts(storylines: readonly string[]): Promise<number[]> {
  const stored = await useStore()
    .then((kv) => kv.read(storylines))
    .then((read) => {
      storylines.forEach((storyline, i) => lastRead.set(storyline, read[i] ?? 0))
      readFailing = false
      return read
    })
    // The record counts are this instance's own and the visitor counts a moment old:
    // a bus that is reconnecting does not take the report down with it.
    .catch((error: unknown) => {
      if (!readFailing)
        log('warn', 'report', '[svc] [report] visitor counts could not be read; showing the last read', {
          error: String(error),
        })
      readFailing = true
      return storylines.map((storyline) => lastRead.get(storyline) ?? 0)
    })
  return storylines.map((storyline, i) => (stored[i] ?? 0) + counter.pending(storyline))
}

const lastRead = new Map<string, number>()
// Logged once per outage, not once per report.
let readFailing = false
