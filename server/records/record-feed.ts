// What feeds an index: SVC_RECORDS followed from the start (or from the
// event after what a snapshot covers, see `start`), and the index's
// own knowledge of when it is behind. At start and after every reconnect of
// the bus it is catching up until it has applied the stream's last sequence
// as measured then: it may have missed any amount. Otherwise, what the stream
// held at one check and is still not applied at the next makes it lag: its
// reads are seconds old while a follow is replaced (a cluster node that held
// the follow's consumer was lost and a new leader took over), so it is
// following again, and catching up only if that lasts longer than `lagLimitMs`.
// A follow that has stopped moving is replaced by a new one from the sequence
// after the last applied.
import { answeredWithin } from '../bus/answered-within'
import type { Bus, StreamMessage, Unsubscribe } from '../bus/types'
import { log } from '../log'
import { createHeardAppends, hearAppended } from './heard-appends'
import { ensureRecordStreams } from './streams'
import { RECORDS_STREAM } from './types'

/** `current` and `following again` serve reads; `catching up` does not (readiness). */
export type IndexStatus = 'catching up' | 'following again' | 'current'

export interface RecordFeed {
  /** Resolves once everything on the stream when the feed started has been applied. */
  readonly ready: Promise<void>
  status(): IndexStatus
  /** Whether another instance said it appended an event this index has not applied yet. */
  behindHeard(): boolean
  /** Resolves once what was heard of is applied, or after `ms`. */
  heardApplied(ms: number): Promise<void>
  close(): void
}

export interface RecordFeedOptions {
  /** How often the applied sequence is compared with the stream's last. */
  checkEveryMs: number
  /** How long the index may lag the stream, its connection up, and still serve. */
  lagLimitMs?: number
  /** Given the stream's last sequence at start, loads what it can and answers the sequence it covers (0: nothing). */
  start?: (lastSeq: number) => Promise<number>
}

/**
 * Reads a message as soon as it arrives (it may wait for the record's key: record-keys.ts) and answers what
 * applies it, which the feed calls in stream order, once per sequence. Reading changes nothing.
 */
export type ReadMessage = (message: StreamMessage) => Promise<() => void>

// Messages read ahead of the one being applied: their keys are fetched side by side, so a replay is not one
// KV round trip per record after another.
const READ_AHEAD = 256
const RETRY_SOON_MS = 200
// How long an event another instance appended may take to arrive through the follow before the follow is taken
// to be stuck: it normally comes as fast as the word of it.
const HEARD_GRACE_MS = 250

export function createRecordFeed(
  bus: Bus,
  read: ReadMessage,
  { checkEveryMs, lagLimitMs = 10_000, start }: RecordFeedOptions,
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
  // Lagging until `applied` reaches `goal`, with the connection up all along; null when not.
  let lag: { goal: number; since: number } | null = null
  let replayed = false
  let caughtUp: () => void = () => undefined
  // Set when an event heard of did not arrive: the next check follows again.
  let stuck = false
  let stopHearing: Unsubscribe | undefined
  const heard = createHeardAppends(HEARD_GRACE_MS, () => {
    stuck = true
    check()
  })

  function currentIfCaughtUp(): void {
    if (lag !== null && applied >= lag.goal) {
      if (catchUpTo === null)
        log('info', 'records', '[svc] [records] the record index is current again', {
          seq: applied,
          behindMs: Date.now() - lag.since,
          reconnected: false,
        })
      lag = null
    }
    if (catchUpTo === null || applied < catchUpTo) return
    if (replayed)
      log('info', 'records', '[svc] [records] the record index is current again', {
        seq: applied,
        behindMs: Date.now() - behindSince,
        reconnected: true,
      })
    catchUpTo = null
    caughtUp()
  }

  function behindUntil(goal: number): void {
    if (catchUpTo === null) behindSince = Date.now()
    catchUpTo = goal
  }

  // Applied one at a time in stream order, whichever follow delivers them; read up to READ_AHEAD ahead.
  let applying = Promise.resolve()
  let ahead = 0
  // Set when a message could not be read: the rest of that follow is dropped, and the stall it
  // makes is followed again from the one that failed.
  let broken = false

  function onMessage(message: StreamMessage): Promise<void> | undefined {
    const reading = read(message)
    // Handled in its turn below; this keeps a failure from counting as unhandled until then.
    reading.catch(() => undefined)
    ahead++
    applying = applying.then(async () => {
      let applyIt: () => void
      try {
        applyIt = await reading
      } catch (error) {
        // The key could not be read (the bus away): this event is tried again, not skipped.
        if (!broken)
          log('warn', 'records', '[svc] [records] an event could not be read; following again from it', {
            seq: message.seq,
            error: String(error),
          })
        broken = true
        return
      } finally {
        ahead--
      }
      // A follow started again from applied + 1 never repeats one, but a
      // count applied twice would stay wrong.
      if (broken || message.seq <= applied) return
      try {
        applyIt()
      } catch (error) {
        // As a follow's handler that threw: logged, and the index goes on.
        log('error', 'records', '[svc] [records] applying an event failed', { seq: message.seq, error: String(error) })
      }
      applied = message.seq
      heard.applied(applied)
      currentIfCaughtUp()
    })
    return ahead >= READ_AHEAD ? applying : undefined
  }

  async function follow(): Promise<void> {
    stop?.()
    stop = undefined
    await applying
    broken = false
    const unsubscribe = await bus.follow(RECORDS_STREAM, 'svc.rec.>', { fromSeq: applied + 1 }, onMessage)
    if (closed) unsubscribe()
    else stop = unsubscribe
  }

  // The stream's last sequence and how far the index was at the previous check.
  let previous = { last: 0, applied: 0, at: Date.now() }
  let checking = false
  let checkAgain = false
  let checkFailing = false
  // When the stream last answered a check: an index that cannot ask cannot tell whether it is current.
  let comparedAt = Date.now()

  async function compare(): Promise<void> {
    const heardBefore = heard.newest()
    // A stream with no leader (a cluster electing one) answers nothing until the client's 5 s timeout; the next
    // check may find the new leader.
    const last = await answeredWithin(
      bus.lastSequence(RECORDS_STREAM),
      checkEveryMs,
      `reading ${RECORDS_STREAM}'s last sequence`,
    )
    heard.streamHeld(heardBefore, last)
    // Applying is microseconds per event: still short of what the stream
    // held a whole check ago is being behind, and not moving is a stall.
    const lagging = applied < previous.last
    const stalled = lagging && applied === previous.applied
    if (catchUpTo === Number.POSITIVE_INFINITY) behindUntil(last)
    // Short of what the stream held a check ago: behind since then at least.
    else if (lagging && catchUpTo === null && lag === null) lag = { goal: last, since: previous.at }
    previous = { last, applied, at: Date.now() }
    currentIfCaughtUp()
    // No follow in place means the last attempt to follow again failed.
    const heardStuck = stuck
    stuck = false
    if (stalled || stop === undefined || heardStuck) {
      log('warn', 'records', '[svc] [records] the record index stopped following the stream; following again', {
        applied,
        last,
        heardOf: heardStuck,
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
        comparedAt = Date.now()
      })
      .catch((error: unknown) => {
        // Once per run of failures: readiness already reports the bus missing.
        if (!checkFailing)
          log('warn', 'records', '[svc] [records] comparing the index with the stream failed', { error: String(error) })
        checkFailing = true
      })
      .finally(() => {
        checking = false
        // Catching up after a reconnect ends only with a check that got through: during an election one is
        // asked again soon, not a whole interval later.
        const soon = catchUpTo !== null && checkFailing
        if (checkAgain || soon) {
          checkAgain = false
          if (soon) setTimeout(check, RETRY_SOON_MS).unref()
          else check()
        }
      })
  }

  const ready = (async () => {
    await ensureRecordStreams(bus)
    const reached = new Promise<void>((resolve) => (caughtUp = resolve))
    const last = await bus.lastSequence(RECORDS_STREAM)
    if (start) applied = await start(last)
    heard.applied(applied)
    behindUntil(last)
    currentIfCaughtUp()
    await follow()
    started = true
    comparedAt = Date.now()
    const unhear = await hearAppended(bus, (seq) => heard.heard(seq))
    if (closed) unhear()
    else stopHearing = unhear
    await reached
    replayed = true
  })()

  // Whatever was appended while the bus was away is unknown until the
  // stream says; the follow itself goes on from where it was (the bus
  // adapter reopens it, reading the stream meanwhile if it must), so
  // everything up to that goal is on its way.
  const stopReconnect = bus.onReconnect(() => {
    if (!started) return
    if (catchUpTo === null) behindUntil(Number.POSITIVE_INFINITY)
    heard.reconnected()
    // Nothing arrives during an outage: that is no stall.
    previous = { last: 0, applied, at: Date.now() }
    check()
  })
  const timer = setInterval(check, checkEveryMs)
  timer.unref()

  return {
    ready,
    status() {
      if (catchUpTo !== null) return 'catching up'
      const now = Date.now()
      if (now - comparedAt > lagLimitMs + checkEveryMs) return 'catching up'
      if (lag === null) return 'current'
      return now - lag.since > lagLimitMs ? 'catching up' : 'following again'
    },
    behindHeard: () => heard.behind(),
    heardApplied: (ms) => heard.caughtUp(ms),
    close() {
      closed = true
      clearInterval(timer)
      stopHearing?.()
      heard.close()
      stopReconnect()
      stop?.()
    },
  }
}
