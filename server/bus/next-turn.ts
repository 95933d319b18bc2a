// The NATS client writes to its socket once per microtask checkpoint, and
// Node reaches one after every request's callback: under load each append
// was its own write system call. Writes that wait for the next turn of the
// event loop all resume in one checkpoint and leave in one socket write.
let waiting: Promise<void> | null = null

/** Resolves on the next turn of the event loop, together with every other caller of this turn. */
export function nextTurn(): Promise<void> {
  return (waiting ??= new Promise((resolve) => {
    setImmediate(() => {
      waiting = null
      resolve()
    })
  }))
}
