// Issue 27, "/readyz says 503 only while an instance truly cannot serve": an
// index whose follow stops delivering while its connection stays up (the
// cluster node holding the follow's consumer was lost) serves reads seconds
// old while it follows again, and is catching up only once that lasts past
// its limit; a reconnect still makes it catch up at once (issue 8).
import { describe, expect, it } from 'vitest'
import type { Bus, StreamMessage } from '../../server/bus/types'
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
  const bus = {
    ensureStream: async () => undefined,
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
      await sleep(300)
      expect(feed.status()).toBe('catching up')
      state.delivering = true
      await waitFor(() => feed.status() === 'current', 2000, 'the index current again')
    } finally {
      feed.close()
    }
  })
})
