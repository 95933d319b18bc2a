// Visitors per storyline, counted in memory and handed to a shared store now
// and then (server/nitro/visitor-count-plugin.ts: every 10 s and at stop), so
// a page view writes nothing to the bus. What the store could not take is
// kept and handed over at the next flush, so no visitor is lost or counted twice
// by a failed write.

export interface VisitorCountStore {
  /** Adds `by` to `storyline`'s count. */
  add(storyline: string, by: number): Promise<void>
  /** The stored count of each of `storylines` (0 when none is stored). */
  read(storylines: readonly string[]): Promise<number[]>
}

export interface VisitorCounter {
  count(storyline: string): void
  /** Counted here and not yet stored (a flush in flight included), by storyline. */
  pending(storyline: string): number
  /** Hands every pending count to the store; what fails stays pending. Never throws. */
  flush(): Promise<{ flushed: number; failed: number }>
}

export function createVisitorCounter(
  store: () => Promise<VisitorCountStore>,
  /** Once per flush that could not hand everything over. */
  onError: (error: unknown, failed: number) => void,
): VisitorCounter {
  const pending = new Map<string, number>()
  // Handed to the store and not yet known to be there: still this instance's to show.
  const inFlight = new Map<string, number>()
  let flushing: Promise<{ flushed: number; failed: number }> | null = null
  const flushOnce = async () => {
    const taken = [...pending]
    pending.clear()
    for (const [storyline, by] of taken) inFlight.set(storyline, by)
    let flushed = 0
    let failed = 0
    let problem: unknown
    await Promise.all(
      taken.map(async ([storyline, by]) => {
        try {
          await (await store()).add(storyline, by)
          flushed += by
        } catch (error) {
          pending.set(storyline, (pending.get(storyline) ?? 0) + by)
          failed += by
          problem ??= error
        } finally {
          inFlight.delete(storyline)
        }
      }),
    )
    if (failed > 0) onError(problem, failed)
    return { flushed, failed }
  }
  return {
    count(storyline) {
      pending.set(storyline, (pending.get(storyline) ?? 0) + 1)
    },
    pending: (storyline) => (pending.get(storyline) ?? 0) + (inFlight.get(storyline) ?? 0),
    // One flush at a time: a stop's flush waits for the timer's, then takes what came since.
    async flush() {
      while (flushing !== null) await flushing
      flushing = flushOnce()
      try {
        return await flushing
      } finally {
        flushing = null
      }
    },
  }
}
