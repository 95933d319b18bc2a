import { describe, expect, it } from 'vitest'
import { BucketNotFoundError, EdgeNotAllowedError, RecordChangedError, RecordNotFoundError } from '../../server/records/errors'
import { RECORDS_STREAM } from '../../server/records/types'
import type { RecordEvent } from '../../server/records/types'
import type { BusFactory } from './contract'
import { freshNames, recordsSite } from './site'
import { collect, start, useInstances } from './world'

const ann = { kind: 'person', subject: 'ann-sub' } as const
const desk = { kind: 'person', subject: 'desk-sub', name: 'Dee' } as const

export function movesContract(buses: BusFactory): void {
  describe('filing and moving', () => {
    const { instance, onCleanup } = useInstances()
    async function setUp() {
      const bus = await buses.open()
      onCleanup(() => bus.close())
      const names = freshNames()
      const site = recordsSite(names)
      const one = await instance(bus, () => site, { now: start })
      const events = await collect<RecordEvent>(bus, RECORDS_STREAM, `svc.rec.${names.cases}.>`)
      onCleanup(events.stop)
      const file = (storyline = 'plain') =>
        one.records.file({ bucket: names.cases, storyline, fields: { street: 'Mill Lane 1' }, submitter: ann.subject, actor: ann })
      return { ...one, names, events, file }
    }

    it('Record 1: files a record in its bucket, in the initial state and storyline, with a server-made id', async () => {
      const { records, names, events } = await setUp()
      const view = await records.file({
        bucket: names.cases, storyline: 'story', fields: { street: 'Mill Lane 1', smuggled: 'x' }, submitter: 'session:v1', actor: { kind: 'visitor', session: 'v1' },
      })
      expect(view.id).toMatch(/^[A-Za-z0-9_-]{16,}$/)
      expect(view).toMatchObject({ bucket: names.cases, state: 'new', storyline: 'story', fields: { street: 'Mill Lane 1' }, submitter: 'session:v1' })
      const [filed] = await events.atLeast(1)
      expect(filed?.subject).toBe(`svc.rec.${names.cases}.${view.id}`)
      expect(filed?.seq).toBe(view.seq)
      expect(filed?.data).toMatchObject({ v: 1, type: 'filed', to: 'new', storyline: 'story', fields: { street: 'Mill Lane 1' } })
      await expect(records.file({ bucket: 'gone', storyline: 'plain', fields: {}, submitter: 'x', actor: ann })).rejects.toBeInstanceOf(BucketNotFoundError)
    })

    it('Storylines 5 and Events 1: records and events carry the storyline', async () => {
      const { records, file, events, index } = await setUp()
      const filed = await file('story')
      const { record } = await records.move({ bucket: filed.bucket, id: filed.id, edge: 'accept', via: 'desk', expectSeq: filed.seq, actor: desk })
      expect(record.storyline).toBe('story')
      expect((await events.atLeast(2)).map((event) => event.data.storyline)).toEqual(['story', 'story'])
      expect((await records.get(filed.bucket, filed.id))?.storyline).toBe('story')
      expect((await index.waitFor(filed.bucket, filed.id, record.seq, 2000))?.storyline).toBe('story')
    })

    it('Events 2: moving a record appends an event; moves through a declared edge and keeps the history', async () => {
      const { records, file } = await setUp()
      const filed = await file()
      const { record, duplicate } = await records.move({ bucket: filed.bucket, id: filed.id, edge: 'accept', via: 'desk', expectSeq: filed.seq, actor: desk })
      expect(duplicate).toBe(false)
      expect(record).toMatchObject({ state: 'accepted', filedAt: filed.filedAt })
      expect(record.seq).toBeGreaterThan(filed.seq)
      expect(await records.get(filed.bucket, filed.id)).toEqual(record)
      expect(await records.history(filed.bucket, filed.id)).toEqual([
        { type: 'filed', to: 'new', actor: ann, time: start.toISOString(), seq: filed.seq },
        { type: 'moved', from: 'new', to: 'accepted', edge: 'accept', via: 'desk', actor: desk, time: start.toISOString(), seq: record.seq },
      ])
    })

    it('refuses an edge that is not declared from the current state', async () => {
      const { records, file, events } = await setUp()
      const filed = await file()
      for (const edge of ['fix', 'nope']) {
        const moving = records.move({ bucket: filed.bucket, id: filed.id, edge, via: 'desk', expectSeq: filed.seq, actor: desk })
        await expect(moving).rejects.toBeInstanceOf(EdgeNotAllowedError)
        await expect(moving).rejects.toThrow('[svc] [records]')
      }
      await expect(records.move({ bucket: filed.bucket, id: 'nobody', edge: 'accept', via: 'desk', expectSeq: 1, actor: desk })).rejects.toBeInstanceOf(
        RecordNotFoundError,
      )
      // up to the next filing, the first filing is all there is
      expect(await events.allBefore(async () => (await file()).seq)).toHaveLength(1)
    })

    it('takes a self edge only via self, and a desk edge never via self', async () => {
      const { records, file } = await setUp()
      const filed = await file()
      const base = { bucket: filed.bucket, id: filed.id, expectSeq: filed.seq, actor: ann }
      await expect(records.move({ ...base, edge: 'withdraw', via: 'desk' })).rejects.toBeInstanceOf(EdgeNotAllowedError)
      await expect(records.move({ ...base, edge: 'withdraw', via: 'timed' })).rejects.toBeInstanceOf(EdgeNotAllowedError)
      await expect(records.move({ ...base, edge: 'accept', via: 'self' })).rejects.toBeInstanceOf(EdgeNotAllowedError)
      const { record } = await records.move({ ...base, edge: 'withdraw', via: 'self' })
      expect(record.state).toBe('withdrawn')
    })

    it('of two concurrent moves of one record exactly one wins', async () => {
      const { records, file, events } = await setUp()
      const filed = await file()
      const base = { bucket: filed.bucket, id: filed.id, via: 'desk', expectSeq: filed.seq, actor: desk } as const
      const outcomes = await Promise.allSettled([records.move({ ...base, edge: 'accept' }), records.move({ ...base, edge: 'reject' })])
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
      const lost = outcomes.find((outcome) => outcome.status === 'rejected')
      expect(lost?.reason).toBeInstanceOf(RecordChangedError)
      expect(String(lost?.reason)).toContain('this case was just changed, reload')
      const stored = await events.allBefore(async () => (await file()).seq)
      expect(stored.filter((event) => event.data.type === 'moved')).toHaveLength(1)
    })

    it('appends the same move pressed twice at once only once', async () => {
      const { records, file, events } = await setUp()
      const filed = await file()
      const same = { bucket: filed.bucket, id: filed.id, edge: 'accept', via: 'desk', expectSeq: filed.seq, actor: desk } as const
      const [a, b] = await Promise.all([records.move(same), records.move(same)])
      expect([a.duplicate, b.duplicate].sort()).toEqual([false, true])
      expect(a.record).toEqual(b.record)
      const stored = await events.allBefore(async () => (await file()).seq)
      expect(stored.filter((event) => event.data.type === 'moved')).toHaveLength(1)
    })

    it('refuses a stale expectSeq with RecordChangedError', async () => {
      const { records, file } = await setUp()
      const filed = await file()
      const base = { bucket: filed.bucket, id: filed.id, via: 'desk', actor: desk } as const
      const { record } = await records.move({ ...base, edge: 'accept', expectSeq: filed.seq })
      await expect(records.move({ ...base, edge: 'reject', expectSeq: filed.seq })).rejects.toBeInstanceOf(RecordChangedError)
      await expect(records.move({ ...base, edge: 'fix', expectSeq: record.seq + 1000 })).rejects.toBeInstanceOf(RecordChangedError)
      expect((await records.move({ ...base, edge: 'fix', expectSeq: record.seq })).record.state).toBe('fixed')
    })
  })
}
