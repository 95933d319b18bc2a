import { createStorage } from 'unstorage'
import { describe, expect, it } from 'vitest'
import { createBusKvDriver } from '../../server/bus/kv-driver'
import { decodeJson } from '../../server/bus/payload'
import type { MailIntent } from '../../server/mail/mail-intent'
import { queueMail } from '../../server/mail/mail-queue'
import { markdownText } from '../../server/mail/mail-text'
import { MAIL_STREAM, mailSubject } from '../../server/mail/mail-stream'
import { MEMBERSHIPS_KV, createMemberships } from '../../server/people/memberships'
import { createRecordIndex } from '../../server/records/record-index'
import { RECORDS_KV, RECORDS_STREAM, recordSubject } from '../../server/records/types'
import type { Projection, RecordEvent } from '../../server/records/types'
import { waitFor } from '../bus/wait'
import type { BusFactory } from './records-contract'
import { freshNames, recordsSite } from './site'
import { acceptedEvent, collect, start, useInstances } from './world'

const desk = { kind: 'person', subject: 'desk-sub' } as const

export function runEffectsContract(buses: BusFactory): void {
  describe('after a move: mail, grants and the KV projection', () => {
    const { instance, onCleanup } = useInstances()
    async function setUp() {
      const bus = await buses.open()
      onCleanup(() => bus.close())
      const names = freshNames()
      const one = await instance(bus, () => recordsSite(names), { now: start })
      const mails = await collect<MailIntent>(bus, MAIL_STREAM, `svc.mail.${names.cases}.>`)
      onCleanup(mails.stop)
      return { ...one, names, mails }
    }

    it('Receipt at filing (issue 10): a filing that gives a contact address queues its receipt, one without none', async () => {
      const bus = await buses.open()
      onCleanup(() => bus.close())
      const names = freshNames()
      const site = recordsSite(names)
      const cases = site.buckets.get(names.cases)!
      const receipt = {
        subject: ['Got it: {{record.street}}', 'Thanks: {{record.street}}'],
        body: ['Your reference is {{record.id}}.', 'Number {{record.id}}, {{record.state}}.'],
      }
      const withReceipt = { ...site, buckets: new Map([...site.buckets, [names.cases, { ...cases, receipt }]]) }
      const { records } = await instance(bus, () => withReceipt, { now: start })
      const mails = await collect<MailIntent>(bus, MAIL_STREAM, `svc.mail.${names.cases}.>`)
      onCleanup(mails.stop)
      const file = (fields: Record<string, string>) =>
        records.file({ bucket: names.cases, storyline: 'story', fields, submitter: 'session:v1', actor: desk })
      await file({ street: 'No Address Road' })
      const filed = await file({ street: 'Mill Lane 2', email: 'ann@example.org' })
      const [intent] = await mails.atLeast(1)
      expect(intent?.subject).toBe(`svc.mail.${names.cases}.${filed.id}.${filed.seq}`)
      expect(intent?.data).toMatchObject({
        to: { email: 'ann@example.org' },
        subject: 'Thanks: Mill Lane 2',
        // Markdown: the reference reads as plain text however it is spelled.
        body: `Number ${markdownText(filed.id)}, new (story).`,
        storyline: 'story',
      })
      expect(await mails.allBefore()).toHaveLength(1)
    })

    it(
      "What the service does 4, Storylines 4 and Events 4 (the mail intent; delivery is the mailer's): queues " +
        'a mail intent in the record storyline with placeholders filled, once per move',
      async () => {
        const { records, names, mails } = await setUp()
        const district = await records.file({
          bucket: names.districts,
          storyline: 'plain',
          fields: { name: 'North *End*' },
          submitter: 'x',
          actor: desk,
        })
        const fields = {
          street: 'Mill Lane 1',
          email: 'ann@example.org',
          kind: 'hole',
          urgent: 'yes',
          district: district.id,
          location: '59.9,10.7',
          details: '# not a heading [x](javascript:y)',
        }
        const filed = await records.file({
          bucket: names.cases,
          storyline: 'story',
          fields,
          submitter: 'ann-sub',
          actor: desk,
        })
        const move = {
          bucket: names.cases,
          id: filed.id,
          edge: 'accept',
          via: 'desk',
          expectSeq: filed.seq,
          actor: desk,
        } as const
        const { record } = await records.move(move)
        const [intent] = await mails.atLeast(1)
        const link = `https://fix.example.org/cases/${filed.id}`
        expect(intent?.subject).toBe(`svc.mail.${names.cases}.${filed.id}.${record.seq}`)
        expect(intent?.data).toEqual({
          id: `${names.cases}:${filed.id}:${record.seq}`,
          to: { email: 'ann@example.org' },
          subject: 'Good news: Mill Lane 1',
          body:
            `Our Street says accepted (story): A hole in the road in North \\*End\\*, urgent yes, at 59.9, 10.7. ` +
            `\\# not a heading \\[x\\](javascript:y) <${link}>`,
          record: { bucket: names.cases, id: filed.id },
          storyline: 'story',
          link,
          audience: 'submitter',
          brand: { name: 'Our Street', primary: '#000000', language: 'en', button: 'Open the case' },
        })
        // a retried move is the same move: no second mail
        expect((await records.move(move)).duplicate).toBe(true)
        // a move without mail queues nothing
        await records.move({ ...move, edge: 'fix', expectSeq: record.seq })
        expect(await mails.allBefore()).toHaveLength(1)
      },
    )

    it(
      'writes to the signed-in submitter by subject when the form has no address, and to nobody for an ' +
        'anonymous visitor',
      async () => {
        const { records, names, mails } = await setUp()
        const file = (submitter: string) =>
          records.file({ bucket: names.cases, storyline: 'plain', fields: { street: 'X' }, submitter, actor: desk })
        for (const submitter of ['session:v1', 'bob-sub']) {
          const filed = await file(submitter)
          await records.move({
            bucket: names.cases,
            id: filed.id,
            edge: 'accept',
            via: 'desk',
            expectSeq: filed.seq,
            actor: desk,
          })
        }
        const mailed = await mails.allBefore()
        expect(mailed).toHaveLength(1)
        const [only] = mailed
        expect(only?.data.to).toEqual({ subject: 'bob-sub' })
        expect(only?.data.subject).toBe('Accepted: X')
      },
    )

    it(
      'State that grants a group (Membership rules 1: a grants: rule creates a membership): entering the state ' +
        'adds the person to the named group',
      async () => {
        const { bus, records, names } = await setUp()
        const memberships = createMemberships(bus)
        const signedIn = await records.file({
          bucket: names.cases,
          storyline: 'plain',
          fields: { street: 'X' },
          submitter: 'cat-sub',
          actor: desk,
        })
        expect(await memberships.groupsOf({ subject: 'cat-sub' })).toEqual([])
        await records.move({
          bucket: names.cases,
          id: signedIn.id,
          edge: 'accept',
          via: 'desk',
          expectSeq: signedIn.seq,
          actor: desk,
        })
        // Another instance's view learns it through the watch.
        await expect
          .poll(() => memberships.groupsOf({ subject: 'cat-sub', email: 'other@example.org' }))
          .toEqual([names.volunteers])

        // filed without sign-in: invited by the contact address until that person signs in
        await records.file({
          bucket: names.signups,
          storyline: 'plain',
          fields: { email: 'Dan@Example.org' },
          submitter: 'session:v2',
          actor: desk,
        })
        expect(await memberships.groupsOf({ email: 'dan@example.org' })).toEqual([])
        const stored = await createStorage({ driver: createBusKvDriver({ bus, bucket: MEMBERSHIPS_KV }) }).getItem(
          `email:dan@example.org:${names.members}`,
        )
        expect(stored).toMatchObject({
          group: names.members,
          email: 'dan@example.org',
          state: 'invited',
          source: 'grant',
          since: start.toISOString(),
        })
        // nobody to add: no error, no entry
        const anonymous = await records.file({
          bucket: names.cases,
          storyline: 'plain',
          fields: { street: 'Y' },
          submitter: 'session:v3',
          actor: desk,
        })
        await records.move({
          bucket: names.cases,
          id: anonymous.id,
          edge: 'accept',
          via: 'desk',
          expectSeq: anonymous.seq,
          actor: desk,
        })
      },
    )

    it(
      "States and transitions, self transition row: the submitter's self move appends an event and sends the " +
        'mail its edge declares',
      async () => {
        const bus = await buses.open()
        onCleanup(() => bus.close())
        const names = freshNames()
        const base = recordsSite(names)
        const cases = base.buckets.get(names.cases)
        if (cases === undefined) throw new Error('no cases bucket')
        const mail = {
          to: 'submitter',
          subject: ['Withdrawn: {{record.street}}', 'Taken back: {{record.street}}'],
          body: ['{{record.state}} {{link}}', '{{record.state}} {{link}}'],
        }
        const withdrawMails = {
          ...cases,
          self: cases.self.map((move) => (move.name === 'withdraw' ? { ...move, mail } : move)),
        }
        const site = { ...base, buckets: new Map(base.buckets).set(names.cases, withdrawMails) }
        const { records } = await instance(bus, () => site, { now: start })
        const events = await collect<RecordEvent>(bus, RECORDS_STREAM, `svc.rec.${names.cases}.>`)
        const mails = await collect<MailIntent>(bus, MAIL_STREAM, `svc.mail.${names.cases}.>`)
        onCleanup(() => (events.stop(), mails.stop()))
        const ann = { kind: 'person', subject: 'ann-sub' } as const
        const filed = await records.file({
          bucket: names.cases,
          storyline: 'story',
          fields: { street: 'Mill Lane 1', email: 'ann@example.org' },
          submitter: ann.subject,
          actor: ann,
        })
        const { record } = await records.move({
          bucket: names.cases,
          id: filed.id,
          edge: 'withdraw',
          via: 'self',
          expectSeq: filed.seq,
          actor: ann,
        })
        expect(record.state).toBe('withdrawn')
        const [, moved] = await events.atLeast(2)
        expect(moved?.seq).toBe(record.seq)
        expect(moved?.data).toMatchObject({
          type: 'moved',
          from: 'new',
          to: 'withdrawn',
          edge: 'withdraw',
          via: 'self',
          actor: ann,
          storyline: 'story',
        })
        const [intent] = await mails.atLeast(1)
        expect(intent?.data).toMatchObject({
          to: { email: 'ann@example.org' },
          subject: 'Taken back: Mill Lane 1',
          record: { bucket: names.cases, id: filed.id },
          storyline: 'story',
        })
      },
    )

    it(
      "a writer that stopped after its append: whichever instance runs queues the event's mail once and " +
        'applies its grant',
      async () => {
        const { bus, records, names } = await setUp()
        const second = await instance(await buses.openSecond(bus), () => recordsSite(names), { now: start })
        const mails = await collect<MailIntent>(bus, MAIL_STREAM, `svc.mail.${names.cases}.>`)
        onCleanup(mails.stop)
        const filed = await records.file({
          bucket: names.cases,
          storyline: 'plain',
          fields: { street: 'Quiet Lane 2' },
          submitter: 'eve-sub',
          actor: desk,
        })
        // The accept edge mails the submitter and enters a state that grants a group.
        const event: RecordEvent = {
          v: 1,
          type: 'moved',
          record: filed.id,
          bucket: names.cases,
          storyline: 'plain',
          actor: desk,
          time: new Date().toISOString(),
          from: 'new',
          to: 'accepted',
          edge: 'accept',
          via: 'desk',
        }
        const { seq } = await bus.append(RECORDS_STREAM, recordSubject(names.cases, filed.id), event, {
          expectLastSubjectSequence: filed.seq,
        })
        const [intent] = await mails.atLeast(1)
        expect(intent).toMatchObject({
          subject: mailSubject(names.cases, filed.id, seq),
          data: {
            id: `${names.cases}:${filed.id}:${seq}`,
            to: { subject: 'eve-sub' },
            subject: 'Accepted: Quiet Lane 2',
          },
        })
        await expect
          .poll(() => createMemberships(second.bus).groupsOf({ subject: 'eve-sub' }), { timeout: 5000 })
          .toEqual([names.volunteers])
        // However many instances or retries queue it, the event's subject takes one intent.
        const view = { ...filed, state: 'accepted', seq }
        if (intent === undefined) throw new Error('no intent')
        await queueMail(bus, view, intent.data)
        expect(await bus.lastSubjectSequence(MAIL_STREAM, mailSubject(names.cases, filed.id, seq))).toBe(intent.seq)
      },
    )

    it('writes the KV projection, and any follower repairs one that fell behind', async () => {
      const { bus, records, names } = await setUp()
      const storage = createStorage({ driver: createBusKvDriver({ bus, bucket: RECORDS_KV }) })
      const filed = await records.file({
        bucket: names.cases,
        storyline: 'plain',
        fields: { street: 'X' },
        submitter: 'ann',
        actor: desk,
      })
      // Written after the filing is answered: the append is what the visitor waits for.
      const projected = async () => (await storage.getItem(`${names.cases}:${filed.id}`)) as Projection | null
      await waitFor(async () => (await projected()) !== null, 5000, 'the projection of the filing')
      expect((await projected())?.record).toEqual(filed)

      // a writer that crashed between its append and its projection
      const event = acceptedEvent(names.cases, filed.id, desk)
      const { seq } = await bus.append(RECORDS_STREAM, recordSubject(names.cases, filed.id), event, {
        expectLastSubjectSequence: filed.seq,
      })
      const inKv = async () => (await storage.getItem(`${names.cases}:${filed.id}`)) as Projection | null
      await waitFor(async () => (await inKv())?.record.seq === seq, 5000, 'the repaired projection')
      expect((await inKv())?.history.map((entry) => entry.to)).toEqual(['new', 'accepted'])

      // a projection lost altogether comes back when an index starts and replays
      await storage.removeItem(`${names.cases}:${filed.id}`)
      const fresh = createRecordIndex(bus, { repairDelayMs: 10 })
      onCleanup(() => fresh.close())
      await fresh.ready
      await waitFor(async () => (await inKv())?.record.state === 'accepted', 10_000, 'the rebuilt projection')
      const rebuilt = decodeJson<Projection>(
        (await (await bus.kv(RECORDS_KV)).get(`${names.cases}.${filed.id}`))?.value ?? new Uint8Array(),
      )
      expect(rebuilt.history).toHaveLength(2)
    })
  })
}
