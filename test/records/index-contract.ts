import { describe, expect, it } from 'vitest'
import { RECORDS_STREAM, recordSubject } from '../../server/records/types'
import type { BusFactory } from './records-contract'
import { freshNames, recordsSite } from './site'
import { start, useInstances } from './world'

const desk = { kind: 'person', subject: 'desk-sub' } as const

export function runIndexContract(buses: BusFactory): void {
  describe('the in-memory index', () => {
    const { instance, onCleanup } = useInstances()
    async function setUp() {
      const bus = await buses.open()
      onCleanup(() => bus.close())
      const names = freshNames()
      const site = recordsSite(names)
      const one = await instance(bus, () => site, { now: start })
      const file = (street: string, submitter: string, extra: Record<string, string> = {}, storyline = 'plain') =>
        one.records.file({ bucket: names.cases, storyline, fields: { street, ...extra }, submitter, actor: desk })
      const accept = (record: { id: string; seq: number }) =>
        one.records.move({
          bucket: names.cases,
          id: record.id,
          edge: 'accept',
          via: 'desk',
          expectSeq: record.seq,
          actor: desk,
        })
      return { ...one, names, site, file, accept }
    }

    it('lists newest first and filters by state, text, submitter and where', async () => {
      const { records, index, names, file, accept } = await setUp()
      const district = await records.file({
        bucket: names.districts,
        storyline: 'plain',
        fields: { name: 'North' },
        submitter: 'x',
        actor: desk,
      })
      const a = await file('Mill Lane', 'ann', { details: 'Deep HOLE' })
      const b = await file('Bridge Road', 'bob', { district: district.id })
      const c = await file('Mill Street', 'ann')
      const moved = await accept(b)
      await index.waitFor(names.cases, b.id, moved.record.seq, 2000)
      const ids = (query: Parameters<typeof index.list>[1]) => {
        const { total, items } = index.list(names.cases, query)
        return { total, ids: items.map((item) => item.id) }
      }
      const page = { offset: 0, limit: 10 }
      expect(ids(page)).toEqual({ total: 3, ids: [c.id, b.id, a.id] })
      expect(ids({ offset: 1, limit: 1 })).toEqual({ total: 3, ids: [b.id] })
      expect(ids({ ...page, states: ['new'] })).toEqual({ total: 2, ids: [c.id, a.id] })
      expect(ids({ ...page, states: ['accepted', 'closed'] })).toEqual({ total: 1, ids: [b.id] })
      expect(ids({ ...page, text: 'mill' })).toEqual({ total: 2, ids: [c.id, a.id] })
      expect(ids({ ...page, text: 'deep hole' })).toEqual({ total: 1, ids: [a.id] })
      expect(ids({ ...page, submitter: 'ann', text: 'street' })).toEqual({ total: 1, ids: [c.id] })
      // A visitor known by several cookie values lists the records of any of them, newest first.
      expect(ids({ ...page, submitter: ['bob', 'ann', 'nobody'] })).toEqual({ total: 3, ids: [c.id, b.id, a.id] })
      expect(ids({ ...page, submitter: ['bob', 'ann'], states: ['new'] })).toEqual({ total: 2, ids: [c.id, a.id] })
      expect(index.hasFiled(names.cases, ['nobody', 'bob'])).toBe(true)
      expect(index.hasFiled(names.cases, ['nobody'])).toBe(false)
      expect(ids({ ...page, where: { field: 'district', equals: district.id } })).toEqual({ total: 1, ids: [b.id] })
      expect(index.list('nothing', page)).toEqual({ total: 0, items: [] })
      expect([...index.inState(names.cases, 'accepted')].map((view) => view.id)).toEqual([b.id])
    })

    it("issue 26 journey 1: a submitter's list holds the cases naming their verified address or phone, once each", async () => {
      const { index, names, file } = await setUp()
      const a = await file('Mail Lane', 'ann', { email: 'Bo@example.org' })
      // This site's buckets have no phone field: `details` stands in, holding numbers as forms keep them (E.164).
      const b = await file('Phone Lane', 'bob', { email: 'other@example.org', details: '+4791234501' })
      const c = await file('Both Lane', 'me', { email: 'bo@example.org', details: '+4791234501' })
      const d = await file('Near Lane', 'cid', { email: 'b0@example.org', details: '+4791234502' })
      await index.waitFor(names.cases, d.id, d.seq, 2000)
      const ids = (query: Parameters<typeof index.list>[1]) => index.list(names.cases, query).items.map((i) => i.id)
      const page = { offset: 0, limit: 10, submitter: 'me' }
      expect(ids(page)).toEqual([c.id])
      expect(ids({ ...page, contact: { field: 'email', address: 'bo@example.org' } })).toEqual([c.id, a.id])
      expect(ids({ ...page, contactPhone: { field: 'details', phone: '+4791234501' } })).toEqual([c.id, b.id])
      expect(
        ids({
          ...page,
          contact: { field: 'email', address: 'bo@example.org' },
          contactPhone: { field: 'details', phone: '+4791234501' },
        }),
      ).toEqual([c.id, b.id, a.id])
    })

    it('counts per (bucket, storyline, state), a moved record leaving its old state', async () => {
      const { records, index, names, file, accept } = await setUp()
      const a = await file('A', 'ann', {}, 'plain')
      await file('B', 'bob', {}, 'story')
      const c = await file('C', 'cid', {}, 'story')
      await accept(a)
      const last = await records.move({
        bucket: names.cases,
        id: c.id,
        edge: 'reject',
        via: 'desk',
        expectSeq: c.seq,
        actor: desk,
      })
      await index.waitFor(names.cases, c.id, last.record.seq, 2000)
      expect(index.counts().filter((count) => count.bucket === names.cases)).toEqual([
        { bucket: names.cases, storyline: 'plain', state: 'accepted', count: 1 },
        { bucket: names.cases, storyline: 'story', state: 'closed', count: 1 },
        { bucket: names.cases, storyline: 'story', state: 'new', count: 1 },
      ])
    })

    it('waits for a version it has not seen yet, and gives up with null', async () => {
      const { index, names, file, accept } = await setUp()
      const a = await file('A', 'ann')
      const waiting = index.waitFor(names.cases, a.id, a.seq + 1, 5000)
      const moved = await accept(a)
      expect(await waiting).toEqual(moved.record)
      expect(await index.waitFor(names.cases, a.id, moved.record.seq + 1000, 50)).toBeNull()
      expect(await index.waitFor(names.cases, 'nobody', 1, 50)).toBeNull()
    })

    it('skips an event that does not validate and goes on', async () => {
      const { bus, index, names, file } = await setUp()
      await bus.append(RECORDS_STREAM, recordSubject(names.cases, 'broken'), { v: 1, type: 'filed' })
      await bus.append(RECORDS_STREAM, recordSubject(names.cases, 'other'), new TextEncoder().encode('not json'))
      const a = await file('After', 'ann')
      expect(await index.waitFor(names.cases, a.id, a.seq, 2000)).not.toBeNull()
      expect(index.get(names.cases, 'broken')).toBeNull()
      expect(index.list(names.cases, { offset: 0, limit: 10 }).total).toBe(1)
    })

    it("takes its own filings as made: the filing instance's index holds what another's reads from the stream", async () => {
      const { bus, index, names, site, file, accept } = await setUp()
      const second = await buses.openSecond(bus)
      if (second !== bus) onCleanup(() => second.close())
      const other = await instance(second, () => site, { now: start })
      // Personal values (the e-mail, the submitter) are sealed on the stream; the other index opens them with the key.
      const a = await file('Mill Lane', 'ann', { email: 'ann.marker@example.org', details: 'Deep hole' })
      const b = await file('Bridge Road', 'bob')
      const accepted = await accept(a)
      for (const [id, seq] of [
        [a.id, accepted.record.seq],
        [b.id, b.seq],
      ] as const) {
        const mine = await index.waitFor(names.cases, id, seq, 5000)
        expect(mine).not.toBeNull()
        expect(await other.index.waitFor(names.cases, id, seq, 5000)).toEqual(mine)
      }
      expect(index.get(names.cases, a.id)?.fields).toMatchObject({ email: 'ann.marker@example.org' })
      const found = (at: typeof index) => at.list(names.cases, { offset: 0, limit: 10, text: 'ann.marker' }).items
      expect(found(index).map((item) => item.id)).toEqual([a.id])
      expect(found(other.index)).toEqual(found(index))
    })

    it('every instance keeps in-memory indexes fed by following the stream', async () => {
      const { bus, index, names, site, file, accept } = await setUp()
      const a = await file('A', 'ann', {}, 'story')
      const second = await buses.openSecond(bus)
      if (second !== bus) onCleanup(() => second.close())
      const other = await instance(second, () => site, { now: start })
      // caught up with what was there when it started
      expect(other.index.get(names.cases, a.id)).toEqual(a)
      const moved = await accept(a)
      expect(await other.index.waitFor(names.cases, a.id, moved.record.seq, 5000)).toEqual(moved.record)
      // and the other instance can move it on from there
      const fixed = await other.records.move({
        bucket: names.cases,
        id: a.id,
        edge: 'fix',
        via: 'desk',
        expectSeq: moved.record.seq,
        actor: desk,
      })
      await index.waitFor(names.cases, a.id, fixed.record.seq, 5000)
      const mine = (counts: ReturnType<typeof index.counts>) => counts.filter((count) => count.bucket === names.cases)
      expect(mine(other.index.counts())).toEqual(mine(index.counts()))
      expect(mine(index.counts())).toEqual([{ bucket: names.cases, storyline: 'story', state: 'fixed', count: 1 }])
    })
  })
}
