// Whatever a bench starts (instances, nats-server, a provider) is stopped
// however the bench ends: its own `finally`, a SIGINT/SIGTERM/SIGHUP, or an
// error nothing caught. Left to Node's defaults, those last two end this
// process at once and leave its children running (the soak did, killed
// mid-run). Only a SIGKILL still orphans them.
import { constants } from 'node:os'

export interface Stoppable {
  stop: () => Promise<void>
}

const running = new Set<Stoppable>()
let watching = false

/** `thing`, stopped when the bench is ended from outside, until its own `stop()` has run. */
export function stopOnExit<T extends Stoppable>(thing: T): T {
  watch()
  const stop = thing.stop.bind(thing)
  const tracked: Stoppable = {
    stop: async () => {
      running.delete(tracked)
      await stop()
    },
  }
  running.add(tracked)
  return Object.assign(thing, { stop: tracked.stop })
}

function watch(): void {
  if (watching) return
  watching = true
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () =>
      stopAllAndExit(`${signal}: stopping what the bench started`, 128 + constants.signals[signal]),
    )
  }
  const crash = (error: unknown) =>
    stopAllAndExit(`uncaught: ${String(error instanceof Error ? error.stack : error)}`, 1)
  process.on('uncaughtException', crash)
  process.on('unhandledRejection', crash)
}

// A Ctrl-C reaches both bench/run.mjs and the bench, and run.mjs passes it on:
// the second one must not cut the stopping short.
let stopping = false

function stopAllAndExit(why: string, code: number): void {
  if (stopping) return
  stopping = true
  console.error(`[svc] [bench] ${why}`)
  // Last started first: instances before the bus they hold a connection to.
  const stopAll = async () => {
    for (const thing of [...running].reverse()) await thing.stop().catch(() => undefined)
  }
  void stopAll().finally(() => process.exit(code))
}
