// At most a few previews are made at once, the rest wait in a short line:
// each decode holds its picture in memory, and a burst of uploads must not
// add those up. A picture arriving when the line is full gets no preview
// (it is still stored and shown as a link), so a flood costs nothing more.

export interface PreviewQueue {
  /** Runs `job` when a slot is free; null when the line is full. */
  run<T>(job: () => Promise<T>): Promise<T | null>
}

export function createPreviewQueue(running: number, waiting: number): PreviewQueue {
  let busy = 0
  const line: Array<() => void> = []
  // A slot that ends is handed straight to the first waiting job, so none can slip in between.
  const next = () => {
    const waiter = line.shift()
    if (waiter === undefined) busy -= 1
    else waiter()
  }
  return {
    async run(job) {
      if (busy >= running) {
        if (line.length >= waiting) return null
        await new Promise<void>((resolve) => line.push(resolve))
      } else busy += 1
      try {
        return await job()
      } finally {
        next()
      }
    },
  }
}
