// The work queue (Bus.consume) as both buses must keep it: the mailer's
// "exactly one mail per intent, none lost" rests on it.
import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { BusUnavailableError } from '../../server/bus/errors'
import { decodeJson } from '../../server/bus/payload'
import type { Bus, WorkMessage, WorkOutcome } from '../../server/bus/types'
import { settle, sleep, waitFor } from './wait'

export function runWorkContract(name: string, makeBus: () => Promise<Bus>): void {
  describe(`${name} bus work queue`, () => {
    const opened: Bus[] = []
    const stops: (() => void)[] = []
    afterEach(async () => {
      for (const stop of stops.splice(0)) stop()
      await Promise.all(opened.splice(0).map((bus) => bus.close()))
    })

    async function setUp() {
      const bus = await makeBus()
      opened.push(bus)
      const id = randomBytes(4).toString('hex')
      const stream = `W_${id}`
      await bus.ensureStream(stream, [`w${id}.>`])
      const seen: { n: unknown; attempt: number; at: number }[] = []
      const consume = async (handle: (message: WorkMessage) => Promise<WorkOutcome>, concurrency = 4) => {
        const stop = await bus.consume(stream, `mailer_${id}`, `w${id}.work.>`, { concurrency }, async (message) => {
          seen.push({ n: decodeJson<{ n: unknown }>(message.data).n, attempt: message.attempt, at: Date.now() })
          return handle(message)
        })
        stops.push(stop)
        return stop
      }
      const append = (n: number, kind = 'work') => bus.append(stream, `w${id}.${kind}.${n}`, { n })
      return { bus, seen, consume, append, pending: () => bus.workPending(stream, `mailer_${id}`) }
    }

    it('counts the work not yet answered done, paused work included, down to 0 once all is done', async () => {
      const { seen, consume, append, pending } = await setUp()
      expect(await pending()).toBe(0)
      for (const n of [1, 2, 3]) await append(n)
      await append(4, 'other')
      await consume(async (message) => (message.attempt === 1 ? { retryInMs: 400 } : { done: true }))
      await waitFor(() => seen.length >= 3, 5000, 'the first attempts')
      expect(await pending()).toBe(3)
      await waitFor(async () => (await pending()) === 0, 10_000, 'all done')
      expect(seen.map((entry) => entry.n).sort()).toEqual([1, 1, 2, 2, 3, 3])
    })

    it('hands out every matching message, stored before or after it started, and each once when done', async () => {
      const { seen, consume, append } = await setUp()
      await append(1)
      await append(2, 'other')
      await consume(async () => ({ done: true }))
      await append(3)
      await waitFor(() => seen.length >= 2, 5000, 'both messages')
      expect(await settle(() => seen.map((entry) => [entry.n, entry.attempt]))).toEqual([
        [1, 1],
        [3, 1],
      ])
    })

    it('done work is not handed out again to the next consumer of the same name', async () => {
      const { seen, consume, append } = await setUp()
      await append(1)
      const stop = await consume(async () => ({ done: true }))
      await waitFor(() => seen.length === 1, 5000, 'the message')
      await sleep(100)
      stop()
      await append(2)
      await consume(async () => ({ done: true }))
      await waitFor(() => seen.length === 2, 5000, 'the new message')
      expect(await settle(() => seen.map((entry) => entry.n))).toEqual([1, 2])
    })

    it('work asked to wait comes back after its pause, counted as the next attempt', async () => {
      const { seen, consume, append } = await setUp()
      await consume(async (message) => (message.attempt < 3 ? { retryInMs: 300 } : { done: true }))
      await append(1)
      await waitFor(() => seen.length === 3, 8000, 'three attempts')
      expect(seen.map((entry) => entry.attempt)).toEqual([1, 2, 3])
      expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(250)
      expect(seen[2]!.at - seen[1]!.at).toBeGreaterThanOrEqual(250)
      expect(await settle(() => seen.length)).toBe(3)
    })

    it('a pause outlives the consumer: the next one does not hand the work out before it is due', async () => {
      const { seen, consume, append } = await setUp()
      const stop = await consume(async () => ({ retryInMs: 2000 }))
      await append(1)
      await waitFor(() => seen.length === 1, 5000, 'the first attempt')
      await sleep(100)
      stop()
      await consume(async () => ({ done: true }))
      await sleep(1000)
      expect(seen).toHaveLength(1)
      await waitFor(() => seen.length === 2, 5000, 'the second attempt')
      expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(1900)
      expect(seen[1]!.attempt).toBe(2)
    })

    it('work whose handler could not reach the bus is handed out again within seconds; other failures wait', async () => {
      const { seen, consume, append } = await setUp()
      await append(1)
      await append(2)
      await consume(async (message) => {
        if (message.attempt > 1) return { done: true }
        if (decodeJson<{ n: number }>(message.data).n === 1) throw new BusUnavailableError('a leader being elected')
        throw new Error('a handler broken by its input')
      })
      await waitFor(() => seen.some((entry) => entry.n === 1 && entry.attempt === 2), 8000, 'the second attempt')
      const at = (attempt: number) => seen.find((entry) => entry.n === 1 && entry.attempt === attempt)?.at ?? 0
      expect(at(2) - at(1)).toBeGreaterThanOrEqual(1500)
      expect(seen.filter((entry) => entry.n === 2).map((entry) => entry.attempt)).toEqual([1])
    })

    it('runs no more handlers at once than asked', async () => {
      const { seen, consume, append } = await setUp()
      let running = 0
      let most = 0
      await consume(async () => {
        most = Math.max(most, ++running)
        await sleep(50)
        running--
        return { done: true }
      }, 2)
      for (let n = 1; n <= 10; n++) await append(n)
      await waitFor(() => seen.length === 10, 8000, 'ten messages')
      expect(most).toBe(2)
    })
  })
}
