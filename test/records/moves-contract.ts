import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  BucketNotFoundError,
  EdgeNotAllowedError,
  RecordChangedError,
  RecordNotFoundError,
} from '../../server/records/errors'
import { filingId } from '../../server/records/submission'
import { waitFor } from '../bus/wait'
import { RECORDS_STREAM, recordSubject } from '../../server/records/types'
import type { RecordEvent } from '../../server/records/types'
import type { BusFactory } from './records-contract'
import { freshNames, recordsSite } from './site'
import { acceptedEvent, collect, start, useInstances } from './world'

// Form tokens as the service makes them: 22 base64url characters.
const token = () => randomBytes(16).toString('base64url')

const ann = { kind: 'person', subject: 'ann-sub' } as const
const desk = { kind: 'person', subject: 'desk-sub', name: 'Dee' } as const

export function runMovesContract(buses: BusFactory): void {
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
        one.records.file({
          bucket: names.cases,
          storyline,
          fields: { street: 'Mill Lane 1' },
          submitter: ann.subject,
          actor: ann,
        })
      const acceptMove = (filed: { bucket: string; id: string; seq: number }) =>
        ({
          bucket: filed.bucket,
          id: filed.id,
          edge: 'accept',
          via: 'desk',
          expectSeq: filed.seq,
          actor: desk,
        }) as const
      const accept = (filed: { bucket: string; id: string; seq: number }) => one.records.move(acceptMove(filed))
      return { ...one, names, events, file, accept, acceptMove }
    }

    it('Record 1: files a record in its bucket, initial state and storyline, with a server-made id', async () => {
      const { records, names, events } = await setUp()
      const view = await records.file({
        bucket: names.cases,
        storyline: 'story',
        fields: { street: 'Mill Lane 1', smuggled: 'x' },
        submitter: 'session:v1',
        actor: { kind: 'visitor', session: 'v1' },
      })
      expect(view.id).toMatch(/^[A-Za-z0-9_-]{16,}$/)
      expect(view).toMatchObject({
        bucket: names.cases,
        state: 'new',
        storyline: 'story',
        fields: { street: 'Mill Lane 1' },
        submitter: 'session:v1',
      })
      const [filed] = await events.atLeast(1)
      expect(filed?.subject).toBe(`svc.rec.${names.cases}.${view.id}`)
      expect(filed?.seq).toBe(view.seq)
      expect(filed?.data).toMatchObject({
        v: 1,
        type: 'filed',
        to: 'new',
        storyline: 'story',
        fields: { street: 'Mill Lane 1' },
      })
      await expect(
        records.file({ bucket: 'gone', storyline: 'plain', fields: {}, submitter: 'x', actor: ann }),
      ).rejects.toBeInstanceOf(BucketNotFoundError)
    })

    it('Storylines 5 and Events 1: records and events carry the storyline', async () => {
      const { records, file, events, index, accept } = await setUp()
      const filed = await file('story')
      const { record } = await accept(filed)
      expect(record.storyline).toBe('story')
      expect((await events.atLeast(2)).map((event) => event.data.storyline)).toEqual(['story', 'story'])
      expect((await records.get(filed.bucket, filed.id))?.storyline).toBe('story')
      expect((await index.waitFor(filed.bucket, filed.id, record.seq, 2000))?.storyline).toBe('story')
    })

    it('Events 2: moving a record appends an event; moves through a declared edge and keeps the history', async () => {
      const { records, file, accept } = await setUp()
      const filed = await file()
      const { record, duplicate } = await accept(filed)
      expect(duplicate).toBe(false)
      expect(record).toMatchObject({ state: 'accepted', filedAt: filed.filedAt })
      expect(record.seq).toBeGreaterThan(filed.seq)
      expect(await records.get(filed.bucket, filed.id)).toEqual(record)
      expect(await records.history(filed.bucket, filed.id)).toEqual([
        { type: 'filed', to: 'new', actor: ann, time: start.toISOString(), seq: filed.seq },
        {
          type: 'moved',
          from: 'new',
          to: 'accepted',
          edge: 'accept',
          via: 'desk',
          actor: desk,
          time: start.toISOString(),
          seq: record.seq,
        },
      ])
    })

    it('A note (a mail that could not be delivered) keeps the state; it moves the version on and shows in the history', async () => {
      const { records, index, file, bus, accept } = await setUp()
      const filed = await file()
      const { record } = await accept(filed)
      const note: RecordEvent = {
        v: 1,
        type: 'noted',
        record: filed.id,
        bucket: filed.bucket,
        storyline: 'plain',
        actor: { kind: 'service' },
        time: '2026-03-01T10:00:00.000Z',
        via: 'service',
        text: 'mail to ann@example.org could not be delivered: 550 no such user',
      }
      const { seq } = await bus.append(RECORDS_STREAM, recordSubject(filed.bucket, filed.id), note)
      await waitFor(() => index.get(filed.bucket, filed.id)?.seq === seq, 5000, 'the note in the index')
      expect(index.get(filed.bucket, filed.id)).toEqual({ ...record, seq })
      await waitFor(
        async () => (await records.history(filed.bucket, filed.id)).length === 3,
        10_000,
        'the note in the history',
      )
      expect((await records.history(filed.bucket, filed.id))[2]).toEqual({
        type: 'noted',
        to: 'accepted',
        via: 'service',
        text: note.type === 'noted' ? note.text : '',
        actor: { kind: 'service' },
        time: note.time,
        seq,
      })
      // A desk form drawn before the note is out of date, as after any change.
      await expect(
        records.move({
          bucket: filed.bucket,
          id: filed.id,
          edge: 'fix',
          via: 'desk',
          expectSeq: record.seq,
          actor: desk,
        }),
      ).rejects.toBeInstanceOf(RecordChangedError)
    })

    it('refuses an edge that is not declared from the current state', async () => {
      const { records, file, events } = await setUp()
      const filed = await file()
      for (const edge of ['fix', 'nope']) {
        const moving = records.move({
          bucket: filed.bucket,
          id: filed.id,
          edge,
          via: 'desk',
          expectSeq: filed.seq,
          actor: desk,
        })
        await expect(moving).rejects.toBeInstanceOf(EdgeNotAllowedError)
        await expect(moving).rejects.toThrow('[svc] [records]')
      }
      await expect(
        records.move({ bucket: filed.bucket, id: 'nobody', edge: 'accept', via: 'desk', expectSeq: 1, actor: desk }),
      ).rejects.toBeInstanceOf(RecordNotFoundError)
      // up to the next filing, the first filing is all there is
      expect(await events.allBefore(async () => (await file()).seq)).toHaveLength(1)
    })

    it('takes a self edge only via self, and a desk edge never via self', async () => {
      const { records, file } = await setUp()
      const filed = await file()
      const base = { bucket: filed.bucket, id: filed.id, expectSeq: filed.seq, actor: ann }
      await expect(records.move({ ...base, edge: 'withdraw', via: 'desk' })).rejects.toBeInstanceOf(EdgeNotAllowedError)
      await expect(records.move({ ...base, edge: 'withdraw', via: 'timed' })).rejects.toBeInstanceOf(
        EdgeNotAllowedError,
      )
      await expect(records.move({ ...base, edge: 'accept', via: 'self' })).rejects.toBeInstanceOf(EdgeNotAllowedError)
      const { record } = await records.move({ ...base, edge: 'withdraw', via: 'self' })
      expect(record.state).toBe('withdrawn')
    })

    it('of two concurrent moves of one record exactly one wins', async () => {
      const { records, file, events } = await setUp()
      const filed = await file()
      const base = { bucket: filed.bucket, id: filed.id, via: 'desk', expectSeq: filed.seq, actor: desk } as const
      const outcomes = await Promise.allSettled([
        records.move({ ...base, edge: 'accept' }),
        records.move({ ...base, edge: 'reject' }),
      ])
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
      const lost = outcomes.find((outcome) => outcome.status === 'rejected')
      expect(lost?.reason).toBeInstanceOf(RecordChangedError)
      expect(String(lost?.reason)).toContain('this case was just changed, reload')
      const stored = await events.allBefore(async () => (await file()).seq)
      expect(stored.filter((event) => event.data.type === 'moved')).toHaveLength(1)
    })

    it('appends the same move pressed twice at once only once', async () => {
      const { records, file, events, acceptMove } = await setUp()
      const filed = await file()
      const same = acceptMove(filed)
      const [a, b] = await Promise.all([records.move(same), records.move(same)])
      expect([a.duplicate, b.duplicate].sort()).toEqual([false, true])
      expect(a.record).toEqual(b.record)
      const stored = await events.allBefore(async () => (await file()).seq)
      expect(stored.filter((event) => event.data.type === 'moved')).toHaveLength(1)
    })

    it('A filing is answered by what was stored: every repeat of one form files the same one record', async () => {
      const { bus, records, names, events } = await setUp()
      const visitor = { kind: 'visitor', session: 'v1' } as const
      const form = {
        bucket: names.cases,
        storyline: 'plain',
        fields: { street: 'Twice Lane 1' },
        submitter: 'session:v1',
        actor: visitor,
        submission: token(),
      }
      const [first, second] = await Promise.all([records.file(form), records.file(form)])
      const third = await records.file({ ...form, fields: { street: 'Changed my mind' } })
      expect(second).toEqual(first)
      expect(third).toEqual(first)
      // The same token from someone else is their own filing, never a way onto this one.
      const theirs = await records.file({
        ...form,
        submitter: 'session:v2',
        actor: { kind: 'visitor', session: 'v2' },
      })
      expect(theirs.id).not.toBe(first.id)
      await events.atLeast(2)
      expect(events.seen.filter((event) => event.data.record === first.id)).toHaveLength(1)

      // After the duplicate window the bus has forgotten the msgId; the
      // record's subject, taken once, still answers with the stored filing.
      const late = { ...form, submission: token() }
      const id = filingId(names.cases, visitor, late.submission)
      const stored: RecordEvent = {
        v: 1,
        type: 'filed',
        record: id,
        bucket: names.cases,
        storyline: 'plain',
        actor: visitor,
        time: start.toISOString(),
        to: 'new',
        fields: { street: 'Long Ago 1' },
        submitter: 'session:v1',
      }
      const { seq } = await bus.append(RECORDS_STREAM, recordSubject(names.cases, id), stored, {
        expectLastSubjectSequence: 0,
      })
      expect(await records.file(late)).toMatchObject({ id, seq, fields: { street: 'Long Ago 1' } })
      expect(await bus.lastSubjectSequence(RECORDS_STREAM, recordSubject(names.cases, id))).toBe(seq)
    })

    it(
      'a move form pressed again lands on its stored move; another form of the same version meets "this case ' +
        'changed"',
      async () => {
        const { bus, records, file, events, acceptMove } = await setUp()
        const filed = await file()
        const base = acceptMove(filed)
        const form = { ...base, submission: token() }
        const [a, b] = await Promise.all([records.move(form), records.move(form)])
        expect([a.duplicate, b.duplicate].sort()).toEqual([false, true])
        expect(b.record).toEqual(a.record)
        // A second tab's form, drawn at the same version: the stale form it is.
        await expect(records.move({ ...base, submission: token() })).rejects.toBeInstanceOf(RecordChangedError)
        // The token of this form, sent by someone else, is not their move.
        await expect(records.move({ ...form, actor: ann })).rejects.toBeInstanceOf(RecordChangedError)
        // Still this form's move after the record moved on.
        const fixed = await records.move({ ...base, edge: 'fix', expectSeq: a.record.seq })
        expect(await records.move(form)).toEqual({ record: a.record, duplicate: true })
        await events.atLeast(3)
        expect(events.seen.map((event) => event.data.type)).toEqual(['filed', 'moved', 'moved'])
        expect(events.seen.at(-1)?.seq).toBe(fixed.record.seq)

        // After the duplicate window: the move stored, its msgId forgotten.
        const other = await file()
        const submission = token()
        const moved: RecordEvent = { ...acceptedEvent(other.bucket, other.id, desk), submission }
        const { seq } = await bus.append(RECORDS_STREAM, recordSubject(other.bucket, other.id), moved, {
          expectLastSubjectSequence: other.seq,
        })
        const again = { ...base, id: other.id, expectSeq: other.seq }
        expect(await records.move({ ...again, submission })).toMatchObject({
          record: { state: 'accepted', seq },
          duplicate: true,
        })
        await expect(records.move({ ...again, submission: token() })).rejects.toBeInstanceOf(RecordChangedError)
      },
    )

    it('refuses a stale expectSeq with RecordChangedError', async () => {
      const { records, file } = await setUp()
      const filed = await file()
      const base = { bucket: filed.bucket, id: filed.id, via: 'desk', actor: desk } as const
      const { record } = await records.move({ ...base, edge: 'accept', expectSeq: filed.seq })
      await expect(records.move({ ...base, edge: 'reject', expectSeq: filed.seq })).rejects.toBeInstanceOf(
        RecordChangedError,
      )
      await expect(records.move({ ...base, edge: 'fix', expectSeq: record.seq + 1000 })).rejects.toBeInstanceOf(
        RecordChangedError,
      )
      expect((await records.move({ ...base, edge: 'fix', expectSeq: record.seq })).record.state).toBe('fixed')
    })
  })
}
