// What feeds an index: SVC_RECORDS followed from the start (or from the
// event after what a snapshot covers, see `start`), and the index's
// own knowledge of when it is behind. At start, after every reconnect of the
// bus, and whenever what the stream held at one check is still not applied
// at the next, it is catching up until it has applied the stream's last
// sequence as measured then. A follow that has stopped moving is replaced by
// a new one from the sequence after the last applied.
import type { Bus, StreamMessage, Unsubscribe } from '../bus/types'
import { log } from '../log'
import { ensureRecordStreams } from './streams'
import { RECORDS_STREAM } from './types'

export type IndexStatus = 'catching up' | 'current'

export interface RecordFeed {
  /** Resolves once everything on the stream when the feed started has been applied. */
  readonly ready: Promise<void>
  status(): IndexStatus
  close(): void
}

export interface RecordFeedOptions {
  /** How often the applied sequence is compared with the stream's last. */
  checkEveryMs: number
  /** Given the stream's last sequence at start, loads what it can and answers the sequence it covers (0: nothing). */
  start?: (lastSeq: number) => Promise<number>
}

export function createRecordFeed(
  bus: Bus,
  apply: (message: StreamMessage) => void,
  { checkEveryMs, start }: RecordFeedOptions,
): RecordFeed {
  let stop: Unsubscribe | undefined
  // Set once the first follow is in place; checks wait for it.
  let started = false
  let closed = false
  // The stream sequence of the last event applied. Every message on the
  // stream is a record event and none is ever removed, so having applied
  // the stream's last sequence means having applied everything before it.
  let applied = 0
  // Catching up until `applied` reaches this; infinite while it is being
  // measured, null when current.
  let catchUpTo: number | null = Number.POSITIVE_INFINITY
  let behindSince = Date.now()
  let replayed = false
  let caughtUp: () => void = () => undefined

  function currentIfCaughtUp(): void {
    if (catchUpTo === null || applied < catchUpTo) return
    if (replayed)
      log('info', 'records', '[svc] [records] the record index is current again', {
        seq: applied,
        behindMs: Date.now() - behindSince,
      })
    catchUpTo = null
    caughtUp()
  }

  function behindUntil(goal: number): void {
    if (catchUpTo === null) behindSince = Date.now()
    catchUpTo = goal
  }

  function onMessage(message: StreamMessage): void {
    // A follow started again from applied + 1 never repeats one, but a
    // count applied twice would stay wrong.
    if (message.seq <= applied) return
    apply(message)
    applied = message.seq
    currentIfCaughtUp()
  }

  async function follow(): Promise<void> {
    stop?.()
    stop = undefined
    const unsubscribe = await bus.follow(RECORDS_STREAM, 'svc.rec.>', { fromSeq: applied + 1 }, onMessage)
    if (closed) unsubscribe()
    else stop = unsubscribe
  }

  // The stream's last sequence and how far the index was at the previous check.
  let previous = { last: 0, applied: 0 }
  let checking = false
  let checkAgain = false
  let checkFailing = false
  // Set by a reconnect: the next check follows again before measuring.
  let resume = false

  async function compare(): Promise<void> {
    // Following again first means everything up to the goal measured next is
    // on its way: current is never said while the follow is still reopening.
    if (resume) {
      resume = false
      await follow()
    }
    const last = await bus.lastSequence(RECORDS_STREAM)
    // Applying is microseconds per event: still short of what the stream
    // held a whole check ago is being behind, and not moving is a stall.
    const lagging = applied < previous.last
    const stalled = lagging && applied === previous.applied
    if (catchUpTo === Number.POSITIVE_INFINITY || (lagging && catchUpTo === null)) behindUntil(last)
    previous = { last, applied }
    currentIfCaughtUp()
    // No follow in place means the last attempt to follow again failed.
    if (stalled || stop === undefined) {
      log('warn', 'records', '[svc] [records] the record index stopped following the stream; following again', {
        applied,
        last,
      })
      await follow()
    }
  }

  function check(): void {
    if (closed || !started || !bus.isConnected()) return
    if (checking) {
      checkAgain = true
      return
    }
    checking = true
    compare()
      .then(() => {
        checkFailing = false
      })
      .catch((error: unknown) => {
        // Once per run of failures: readiness already reports the bus missing.
        if (!checkFailing)
          log('warn', 'records', '[svc] [records] comparing the index with the stream failed', { error: String(error) })
        checkFailing = true
      })
      .finally(() => {
        checking = false
        if (checkAgain) {
          checkAgain = false
          check()
        }
      })
  }

  const ready = (async () => {
    await ensureRecordStreams(bus)
    const reached = new Promise<void>((resolve) => (caughtUp = resolve))
    const last = await bus.lastSequence(RECORDS_STREAM)
    if (start) applied = await start(last)
    behindUntil(last)
    currentIfCaughtUp()
    await follow()
    started = true
    await reached
    replayed = true
  })()

  // Whatever was appended while the bus was away is unknown until the
  // stream says. During the replay at start the goal is known already and
  // the bus adapter's own reopen is enough.
  const stopReconnect = bus.onReconnect(() => {
    if (!started) return
    if (catchUpTo === null) behindUntil(Number.POSITIVE_INFINITY)
    resume = true
    // Nothing arrives during an outage: that is no stall.
    previous = { last: 0, applied }
    check()
  })
  const timer = setInterval(check, checkEveryMs)
  timer.unref()

  return {
    ready,
    status: () => (catchUpTo === null ? 'current' : 'catching up'),
    close() {
      closed = true
      clearInterval(timer)
      stopReconnect()
      stop?.()
    },
  }
}
