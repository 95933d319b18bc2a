import { describe, expect, it } from 'vitest'
import type { RecordIndex } from '../../server/records/record-index'
import type { Records } from '../../server/records/records'
import { runTimedMoves } from '../../server/records/timed-moves'
import { MAIL_STREAM } from '../../server/mail/mail-stream'
import { RECORDS_STREAM } from '../../server/records/types'
import type { RecordEvent } from '../../server/records/types'
import type { MailIntent } from '../../server/mail/mail-intent'
import type { BusFactory } from './records-contract'
import { freshNames, recordsSite } from './site'
import { collect, dayMs, start, useInstances } from './world'
import type { Clock } from './world'

const desk = { kind: 'person', subject: 'desk-sub' } as const

// Files a record and moves it into `fixed`, the state with after: { days: 14, to: closed }.
async function fixedRecord(records: Records, bucket: string, street: string) {
  const filed = await records.file({ bucket, storyline: 'story', fields: { street }, submitter: 'ann', actor: desk })
  const accepted = await records.move({
    bucket,
    id: filed.id,
    edge: 'accept',
    via: 'desk',
    expectSeq: filed.seq,
    actor: desk,
  })
  return (
    await records.move({ bucket, id: filed.id, edge: 'fix', via: 'desk', expectSeq: accepted.record.seq, actor: desk })
  ).record
}

// A filing after everything the test counts: its sequence marks the end.
async function fileMark(records: Records, bucket: string): Promise<number> {
  return (
    await records.file({ bucket, storyline: 'story', fields: { street: 'Mark Lane' }, submitter: 'ann', actor: desk })
  ).seq
}

export function runTimedContract(buses: BusFactory): void {
  describe('timed moves', () => {
    const { instance, onCleanup } = useInstances()

    it(
      'Timed move and Events 2: the move is held to the same declared edge as a desk button, sends the same ' +
        'mail and publishes the same event',
      async () => {
        const bus = await buses.open()
        onCleanup(() => bus.close())
        const names = freshNames()
        let site = recordsSite(names)
        const clock: Clock = { now: start }
        const { records, index } = await instance(bus, () => site, clock)
        const events = await collect<RecordEvent>(bus, RECORDS_STREAM, `svc.rec.${names.cases}.>`)
        const mails = await collect<MailIntent>(bus, MAIL_STREAM, `svc.mail.${names.cases}.>`)
        onCleanup(() => (events.stop(), mails.stop()))
        const timed = await fixedRecord(records, names.cases, 'Timed Lane')
        const pressed = await fixedRecord(records, names.cases, 'Pressed Lane')
        const sweep = () => runTimedMoves({ records, index, site, now: clock.now })

        clock.now = new Date(start.getTime() + 14 * dayMs - 1)
        expect(await sweep()).toEqual({ moved: 0, skipped: 0 })
        clock.now = new Date(start.getTime() + 14 * dayMs)
        // without the declared edge the clock has no move to make
        site = recordsSite(names, { withCloseMove: false })
        expect(await sweep()).toEqual({ moved: 0, skipped: 0 })
        site = recordsSite(names)
        await records.move({
          bucket: names.cases,
          id: pressed.id,
          edge: 'close',
          via: 'desk',
          expectSeq: pressed.seq,
          actor: desk,
        })
        expect(await sweep()).toEqual({ moved: 1, skipped: 0 })
        expect(index.get(names.cases, timed.id)?.state).toBe('closed')

        const stored = await events.allBefore(() => fileMark(records, names.cases))
        const closing = stored.filter((event) => event.data.type === 'moved' && event.data.edge === 'close')
        const [byDesk, byClock] = closing.map((event) => event.data)
        expect(closing).toHaveLength(2)
        expect(byClock).toEqual({
          ...byDesk,
          record: timed.id,
          actor: { kind: 'clock' },
          via: 'timed',
          time: clock.now.toISOString(),
        })
        // the accept moves before mailed the submitter; the close edge mails the road crew
        const closedMails = (await mails.allBefore())
          .map((mail) => mail.data)
          .filter((mail) => mail.subject.startsWith('Closed'))
        expect(closedMails).toHaveLength(2)
        const [deskMail, clockMail] = closedMails
        expect(clockMail).toEqual({
          ...deskMail,
          id: `${names.cases}:${timed.id}:${closing[1]?.seq}`,
          subject: 'Closed: Timed Lane',
          record: { bucket: names.cases, id: timed.id },
          // Mail to staff is read in the staff storyline (the first), not the record's.
          // The service's own link is written <…> so it stays a link though visitor values are never linkified.
          body: `closed <https://fix.example.org/cases/${timed.id}>`,
          link: `https://fix.example.org/cases/${timed.id}`,
        })
        expect(deskMail?.to).toEqual({ email: 'roads@example.org' })
        expect(deskMail?.subject).toBe('Closed: Pressed Lane')
        // nothing left to do
        expect(await sweep()).toEqual({ moved: 0, skipped: 0 })
      },
    )

    it('two instances running the timed sweep at once move each record once', async () => {
      const bus = await buses.open()
      onCleanup(() => bus.close())
      const second = await buses.openSecond(bus)
      if (second !== bus) onCleanup(() => second.close())
      const names = freshNames()
      const site = recordsSite(names)
      const clock: Clock = { now: start }
      const one = await instance(bus, () => site, clock)
      const two = await instance(second, () => site, clock)
      const fixed = []
      for (const street of ['A', 'B', 'C', 'D']) fixed.push(await fixedRecord(one.records, names.cases, street))
      for (const view of fixed) await two.index.waitFor(names.cases, view.id, view.seq, 5000)

      clock.now = new Date(start.getTime() + 15 * dayMs)
      const sweep = ({ records, index }: { records: Records; index: RecordIndex }) =>
        runTimedMoves({ records, index, site, now: clock.now })
      const [a, b] = await Promise.all([sweep(one), sweep(two)])
      expect(a.moved + b.moved).toBe(fixed.length)
      expect(a.skipped + b.skipped).toBe(fixed.length)

      const events = await collect<RecordEvent>(bus, RECORDS_STREAM, `svc.rec.${names.cases}.>`)
      onCleanup(events.stop)
      const stored = await events.allBefore(() => fileMark(one.records, names.cases))
      for (const view of fixed) {
        const closes = stored.filter(
          (event) => event.data.record === view.id && event.data.type === 'moved' && event.data.edge === 'close',
        )
        expect(closes).toHaveLength(1)
      }
    })
  })
}
