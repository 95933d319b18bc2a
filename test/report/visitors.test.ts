// Visitors per storyline (issue 30, item 1): drawn uniformly, counted once
// when they come back with their storyline, added up in memory and stored by
// compare-and-set so two instances counting at once lose no increment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import { chiSquareEvenSplit } from '../../server/report/statistics'
import { chooseStoryline, drawStoryline } from '../../server/visitor/storyline-draw'
import { createVisitorCounter, type VisitorCountStore } from '../../server/visitor/visitor-counter'
import { createVisitorCountsKv } from '../../server/visitor/visitor-counts-kv'
import { startNatsServer, type NatsServer } from '../support/nats-server'

const storylines = ['plain', 'story', 'third']

describe('drawing a storyline', () => {
  it('Storylines 3: draws are uniform: 20,000 of them fit an even split (chi-square, p > 0.001)', () => {
    for (const groups of [2, 3]) {
      const tally = Array<number>(groups).fill(0)
      for (let i = 0; i < 20_000; i++) {
        const story = drawStoryline(groups)
        tally[story] = (tally[story] ?? 0) + 1
      }
      expect(tally.every((count) => count > 0)).toBe(true)
      expect(chiSquareEvenSplit(tally)!.p).toBeGreaterThan(0.001)
    }
  })

  it('counts a visitor once: when they come back with the storyline drawn for them, not when it is drawn', () => {
    const draw = () => 1
    const first = chooseStoryline(storylines, { storyline: undefined, marked: false }, draw)
    expect(first).toEqual({ story: 1, drawn: true, counted: false, mark: 'set' })
    const back = chooseStoryline(storylines, { storyline: 'story', marked: true }, draw)
    expect(back).toEqual({ story: 1, drawn: false, counted: true, mark: 'clear' })
    const again = chooseStoryline(storylines, { storyline: 'story', marked: false }, draw)
    expect(again).toEqual({ story: 1, drawn: false, counted: false, mark: 'keep' })
  })

  it('a forged storyline cookie naming no storyline gets a fresh draw, counted once when it comes back', () => {
    const draw = () => 2
    for (const forged of ['nosuch', 'plain.new', '', 'PLAIN']) {
      const choice = chooseStoryline(storylines, { storyline: forged, marked: true }, draw)
      expect(choice).toEqual({ story: 2, drawn: true, counted: false, mark: 'set' })
    }
    expect(chooseStoryline(storylines, { storyline: 'third', marked: true }, draw).counted).toBe(true)
  })
})

/** A store in memory that fails while `down` is set. */
function memoryStore(): VisitorCountStore & { counts: Map<string, number>; down: boolean } {
  const counts = new Map<string, number>()
  return {
    counts,
    down: false,
    async add(storyline, by) {
      await Promise.resolve()
      if (this.down) throw new Error('bus down')
      counts.set(storyline, (counts.get(storyline) ?? 0) + by)
    },
    read: (names) => Promise.resolve(names.map((name) => counts.get(name) ?? 0)),
  }
}

describe('the visitor counter', () => {
  it('hands its counts over at a flush, keeps what the store refused for the next, and never counts twice', async () => {
    const store = memoryStore()
    const failures: number[] = []
    const counter = createVisitorCounter(
      () => Promise.resolve(store),
      (_, failed) => failures.push(failed),
    )
    expect(await counter.flush()).toEqual({ flushed: 0, failed: 0 })
    for (let i = 0; i < 3; i++) counter.count('plain')
    counter.count('story')
    store.down = true
    expect(await counter.flush()).toEqual({ flushed: 0, failed: 4 })
    expect(failures).toEqual([4])
    expect(counter.pending('plain')).toBe(3)
    counter.count('plain')
    store.down = false
    // Two flushes at once (the timer's and the stop's) hand each count over once.
    const results = await Promise.all([counter.flush(), counter.flush()])
    expect(results.reduce((sum, result) => sum + result.flushed, 0)).toBe(5)
    expect(Object.fromEntries(store.counts)).toEqual({ plain: 4, story: 1 })
    expect(counter.pending('plain')).toBe(0)
  })
})

describe('visitor counts on NATS', () => {
  let nats: NatsServer
  const buses: Bus[] = []
  beforeAll(async () => {
    nats = await startNatsServer()
    for (let i = 0; i < 2; i++) buses.push(await createNatsBus({ url: nats.url }))
  })
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()))
    await nats?.stop()
  })

  it('two instances counting and flushing at once lose no increment', async () => {
    const stores = await Promise.all(buses.map(createVisitorCountsKv))
    // A flush that loses compare-and-set too often in a row keeps its counts for the next one, as the timer would.
    const counters = stores.map((store) =>
      createVisitorCounter(
        () => Promise.resolve(store),
        () => undefined,
      ),
    )
    const rounds = 25
    await Promise.all(
      counters.map(async (counter, instance) => {
        for (let round = 0; round < rounds; round++) {
          // Instance 0 counts 3 plain and 1 story per round, instance 1 the other way round.
          for (let i = 0; i < 3; i++) counter.count(instance === 0 ? 'plain' : 'story')
          counter.count(instance === 0 ? 'story' : 'plain')
          await counter.flush()
        }
      }),
    )
    const pending = () => counters.reduce((sum, c) => sum + c.pending('plain') + c.pending('story'), 0)
    for (let flushes = 0; pending() > 0 && flushes < 10; flushes++) await Promise.all(counters.map((c) => c.flush()))
    expect(pending()).toBe(0)
    expect(await stores[0]!.read(['plain', 'story', 'third'])).toEqual([rounds * 4, rounds * 4, 0])
  })
})
