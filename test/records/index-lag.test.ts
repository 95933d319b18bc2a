// Issue 27, "/readyz says 503 only while an instance truly cannot serve": an
// index whose follow stops delivering while its connection stays up (the
// cluster node holding the follow's consumer was lost) serves reads seconds
// old while it follows again, and is catching up only once that lasts past
// its limit; a reconnect still makes it catch up at once (issue 8).
import { describe, expect, it } from 'vitest'
import type { Bus, StreamMessage } from '../../server/bus/types'
import { APPENDED_SUBJECT, sayAppended } from '../../server/records/heard-appends'
import { createRecordFeed } from '../../server/records/record-feed'
import { sleep, waitFor } from '../bus/wait'

/** A stream of `last` events whose follow delivers only while `delivering`, and a connection that can come back. */
function stalledBus() {
  const state = { last: 3, delivering: true, follows: 0, sent: 0 }
  const reconnects = new Set<() => void>()
  let deliver: ((message: StreamMessage) => void) | null = null
  const push = () => {
    while (state.delivering && deliver !== null && state.sent < state.last) {
      state.sent++
      deliver({ subject: `svc.rec.potholes.r${state.sent}`, seq: state.sent, data: new Uint8Array(), time: new Date() })
    }
  }
  const hearing = new Set<(message: { subject: string; data: Uint8Array }) => void>()
  const bus = {
    ensureStream: async () => undefined,
    publish: (subject: string, data: object) => {
      for (const handler of hearing) handler({ subject, data: new TextEncoder().encode(JSON.stringify(data)) })
    },
    subscribe: async (_subject: string, handler: (message: { subject: string; data: Uint8Array }) => void) => {
      hearing.add(handler)
      return () => hearing.delete(handler)
    },
    lastSequence: async () => state.last,
    isConnected: () => true,
    onReconnect: (handler: () => void) => {
      reconnects.add(handler)
      return () => reconnects.delete(handler)
    },
    follow: async (_stream: string, _filter: string, options: { fromSeq?: number }, onMessage: typeof deliver) => {
      state.follows++
      state.sent = (options.fromSeq ?? 1) - 1
      deliver = onMessage
      queueMicrotask(push)
      return () => (deliver = null)
    },
  } as unknown as Bus
  return { bus, state, push, reconnect: () => reconnects.forEach((handler) => handler()) }
}

describe('an index whose follow stalls with its connection up', () => {
  it('Stays up: says following again (ready) while it lags less than its limit, catching up after, current once applied', async () => {
    const { bus, state, push } = stalledBus()
    const applied: number[] = []
    const feed = createRecordFeed(bus, async (message) => () => void applied.push(message.seq), {
      checkEveryMs: 50,
      lagLimitMs: 600,
    })
    try {
      await feed.ready
      expect(feed.status()).toBe('current')
      state.delivering = false
      state.last = 10
      const seen: string[] = []
      const started = Date.now()
      while (Date.now() - started < 1200) {
        const now = feed.status()
        if (seen.at(-1) !== now) seen.push(now)
        await sleep(20)
      }
      expect(seen).toEqual(['current', 'following again', 'catching up'])
      state.delivering = true
      push()
      await waitFor(() => feed.status() === 'current', 2000, 'the index current again')
      expect(applied).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
      // The stalled follow was replaced: the first one and at least one more.
      expect(state.follows).toBeGreaterThan(1)
    } finally {
      feed.close()
    }
  })

  it('Stays up: after a reconnect it is catching up at once, until it has applied what the stream held', async () => {
    const { bus, state, reconnect } = stalledBus()
    const feed = createRecordFeed(bus, async () => () => undefined, { checkEveryMs: 50, lagLimitMs: 60_000 })
    try {
      await feed.ready
      state.delivering = false
      state.last = 8
      reconnect()
      expect(feed.status()).toBe('catching up')
      // A view waits for what was missed.
      expect(feed.behindHeard()).toBe(true)
      await sleep(300)
      expect(feed.status()).toBe('catching up')
      state.delivering = true
      await waitFor(() => feed.status() === 'current', 2000, 'the index current again')
      expect(feed.behindHeard()).toBe(false)
    } finally {
      feed.close()
    }
  })

  it('Stays up: told by another instance of an event its follow has not delivered, it follows again at once and a view waits for it', async () => {
    const { bus, state } = stalledBus()
    const applied: number[] = []
    // A check interval far longer than the test: only the word of the append can set the follow going again.
    const feed = createRecordFeed(bus, async (message) => () => void applied.push(message.seq), {
      checkEveryMs: 60_000,
      lagLimitMs: 120_000,
    })
    try {
      await feed.ready
      expect(feed.behindHeard()).toBe(false)
      state.delivering = false
      state.last = 5
      // What another instance's append says (heard-appends.ts), while this one's follow delivers nothing.
      bus.publish(APPENDED_SUBJECT, { seq: 5, from: 'another instance' })
      expect(feed.behindHeard()).toBe(true)
      state.delivering = true
      const asked = Date.now()
      await feed.heardApplied(5000)
      expect(Date.now() - asked).toBeLessThan(5000)
      expect(applied).toEqual([1, 2, 3, 4, 5])
      expect(feed.behindHeard()).toBe(false)
      expect(state.follows).toBe(2)
    } finally {
      feed.close()
    }
  })

  it('Stays up: a word of an append that is not a sequence, or names one the stream does not hold, is let go', async () => {
    const { bus } = stalledBus()
    const feed = createRecordFeed(bus, async () => () => undefined, { checkEveryMs: 50 })
    try {
      await feed.ready
      const from = 'another instance'
      for (const data of [{ seq: -1, from }, { seq: 'x', from }, { seq: 1.5, from }, { from }, { seq: 10 ** 30, from }])
        bus.publish(APPENDED_SUBJECT, data)
      // Its own word: its follow delivers that, and views do not wait for it.
      sayAppended(bus, 1000)
      expect(feed.behindHeard()).toBe(false)
      // A sequence past the stream's last (3): no instance appended it, and views stop waiting at the next check.
      bus.publish(APPENDED_SUBJECT, { seq: 1000, from: 'another instance' })
      expect(feed.behindHeard()).toBe(true)
      const asked = Date.now()
      await feed.heardApplied(5000)
      expect(Date.now() - asked).toBeLessThan(1000)
      expect(feed.behindHeard()).toBe(false)
      expect(feed.status()).toBe('current')
    } finally {
      feed.close()
    }
  })
})
