// What an index has heard was appended to SVC_RECORDS, ahead of its follow.
// Every instance says each sequence it appends on a plain subject (no
// JetStream leader needed to pass it on); another instance whose follow has
// not delivered it a moment later knows at once that the follow is stuck (a
// cluster node that held its consumer was lost) instead of seconds later, and
// a page view there waits for the index to take it in rather than showing the
// list as it was before a move made on the other instance.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Bus, Unsubscribe } from '../bus/types'
import { nextTurn } from '../bus/next-turn'
import { decodeJsonOrUndefined } from '../bus/payload'

export const APPENDED_SUBJECT = 'svc.appended.records'

const appendedSchema = z.object({
  seq: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  from: z.string().max(64),
})

// This process: its own word is not heard, since its own writes are waited for where they are read, and a single
// instance should not send a view the long way round while its follow is a millisecond behind its write.
const SELF = randomUUID()

// The newest sequence appended this turn and not yet said, per bus. A hearer keeps only the newest it heard, so
// one word per turn says as much as one per append: under load a turn takes dozens of acks, and a word each was
// a publish out and its echo back per filing.
const unsaid = new WeakMap<Bus, number>()

/** Tells every instance, once this turn, the newest sequence on the stream. Fire and forget: the follow has it too. */
export function sayAppended(bus: Bus, seq: number): void {
  const pending = unsaid.get(bus)
  if (pending !== undefined) {
    if (seq > pending) unsaid.set(bus, seq)
    return
  }
  unsaid.set(bus, seq)
  // On the turn the bus's own writes wait for (next-turn.ts), so the word leaves in their socket write.
  void nextTurn().then(() => {
    const newest = unsaid.get(bus) ?? seq
    unsaid.delete(bus)
    try {
      bus.publish(APPENDED_SUBJECT, { seq: newest, from: SELF })
    } catch {
      // A connection closing under a stored event: the event stands, and the follows deliver it without the word.
    }
  })
}

/** Every sequence another instance says it appended, valid ones only. */
export function hearAppended(bus: Bus, heard: (seq: number) => void): Promise<Unsubscribe> {
  return bus.subscribe(APPENDED_SUBJECT, (message) => {
    const parsed = appendedSchema.safeParse(decodeJsonOrUndefined(message.data))
    if (parsed.success && parsed.data.from !== SELF) heard(parsed.data.seq)
  })
}

export interface HeardAppends {
  heard(seq: number): void
  /** Called after each event is applied. */
  applied(seq: number): void
  /** Word sent while the connection was away was missed: behind until the stream's last sequence is read. */
  reconnected(): void
  /** Whether a sequence heard of (or the stream's last after a reconnect) is not applied yet. */
  behind(): boolean
  /** Resolves once what was heard of when called is applied, or after `ms`. */
  caughtUp(ms: number): Promise<void>
  /** The newest sequence heard of so far (0 for none): asked before reading the stream's last sequence. */
  newest(): number
  /**
   * The stream's last sequence, read after `newest()` said `before`. After a reconnect it is what must be applied;
   * a word of anything beyond it was wrong (no instance appended it) and is forgotten unless newer word came
   * meanwhile, so views stop waiting for it.
   */
  streamHeld(before: number, last: number): void
  close(): void
}

/**
 * `stuck` is called when a sequence heard of is still not applied `graceMs` later and nothing was applied
 * meanwhile: the follow delivers as fast as the word comes, so it is not moving.
 */
export function createHeardAppends(graceMs: number, stuck: () => void): HeardAppends {
  let heardSeq = 0
  let appliedSeq = 0
  // Set by a reconnect until the stream's last sequence is known.
  let unknown = false
  let timer: NodeJS.Timeout | null = null
  const waiting = new Set<() => void>()

  const release = () => {
    if (unknown || appliedSeq < heardSeq) return
    for (const done of waiting) done()
  }

  const watch = () => {
    if (timer !== null || appliedSeq >= heardSeq) return
    const before = appliedSeq
    timer = setTimeout(() => {
      timer = null
      if (appliedSeq >= heardSeq) return
      if (appliedSeq === before) stuck()
      watch()
    }, graceMs)
    timer.unref()
  }

  return {
    heard(seq) {
      if (seq <= heardSeq) return
      heardSeq = seq
      watch()
    },
    applied(seq) {
      appliedSeq = seq
      if (waiting.size > 0) release()
    },
    reconnected() {
      unknown = true
    },
    behind: () => unknown || appliedSeq < heardSeq,
    caughtUp(ms) {
      if (!unknown && appliedSeq >= heardSeq) return Promise.resolve()
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(late)
          waiting.delete(done)
          resolve()
        }
        const late = setTimeout(done, ms)
        waiting.add(done)
      })
    },
    newest: () => heardSeq,
    streamHeld(before, last) {
      if (unknown) {
        unknown = false
        heardSeq = Math.max(heardSeq, last)
        watch()
      } else if (heardSeq === before && heardSeq > last) heardSeq = last
      release()
    },
    close() {
      if (timer !== null) clearTimeout(timer)
      unknown = false
      heardSeq = 0
      release()
    },
  }
}
