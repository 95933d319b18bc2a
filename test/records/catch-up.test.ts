// Side effects that fail for real after an acknowledged append, on NATS: the
// move is still answered as made, the failure is logged once, and the
// catch-up completes the mail intent and the grant once the bus takes them.
import { jetstream, jetstreamManager } from '@nats-io/jetstream'
import { Kvm } from '@nats-io/kv'
import { connect, type NatsConnection } from '@nats-io/transport-node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import type { MailIntent } from '../../server/mail/mail-intent'
import { ensureMailStream, MAIL_STREAM, mailSubject } from '../../server/mail/mail-stream'
import { MEMBERSHIPS_KV, createMemberships } from '../../server/people/memberships'
import { ensureRecordStreams } from '../../server/records/streams'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { freshNames, recordsSite } from './site'
import { collect, start, useInstances } from './world'

let server: NatsServer
let nc: NatsConnection
beforeAll(async () => {
  server = await startNatsServer()
  nc = await connect({ servers: server.url })
})
afterAll(async () => {
  await nc?.close()
  await server?.stop()
})
afterEach(() => {
  vi.restoreAllMocks()
})

const desk = { kind: 'person', subject: 'desk-sub' } as const

describe('side effects after an acknowledged append', () => {
  const { instance, onCleanup } = useInstances()

  it(
    'A move is answered by what was stored: a mail intent and a grant that failed are logged once and caught ' +
      'up once the bus takes them',
    async () => {
      const jsm = await jetstreamManager(nc)
      // Nothing over 16 bytes fits, for now: the memberships bucket and the mail stream refuse every write.
      await new Kvm(jetstream(nc)).create(MEMBERSHIPS_KV, { maxValueSize: 16 })
      const bus = await createNatsBus({ url: server.url })
      onCleanup(() => bus.close())
      await ensureRecordStreams(bus)
      await ensureMailStream(bus)
      const mailConfig = (await jsm.streams.info(MAIL_STREAM)).config
      await jsm.streams.update(MAIL_STREAM, { ...mailConfig, max_msg_size: 16 })

      const names = freshNames()
      const { records } = await instance(bus, () => recordsSite(names), { now: start })
      const filed = await records.file({
        bucket: names.cases,
        storyline: 'plain',
        fields: { street: 'Loose Lane 4' },
        submitter: 'fay-sub',
        actor: desk,
      })
      const logged: string[] = []
      vi.spyOn(process.stderr, 'write').mockImplementation((line) => (logged.push(String(line)), true))
      // The accept edge mails the submitter and enters a state that grants a group.
      const { record } = await records.move({
        bucket: names.cases,
        id: filed.id,
        edge: 'accept',
        via: 'desk',
        expectSeq: filed.seq,
        actor: desk,
      })
      const failures = logged.flatMap((line) => {
        try {
          const entry = JSON.parse(line) as Record<string, unknown>
          return String(entry.message).includes('side effect(s) failed') ? [entry] : []
        } catch {
          return []
        }
      })
      vi.restoreAllMocks()
      expect(record.state).toBe('accepted')
      expect(failures).toHaveLength(1)
      expect(failures[0]).toMatchObject({
        level: 'error',
        area: 'records',
        bucket: names.cases,
        record: filed.id,
        seq: record.seq,
      })
      expect(String(failures[0]?.message)).toMatch(/^\[svc\] \[records\] /)
      expect(failures[0]?.failures).toEqual([expect.stringMatching(/^mail: /), expect.stringMatching(/^grant: /)])

      // The operator lifts the limits; the catch-up's next try gets through.
      const mails = await collect<MailIntent>(bus, MAIL_STREAM, `svc.mail.${names.cases}.>`)
      onCleanup(mails.stop)
      await jsm.streams.update(MAIL_STREAM, { ...mailConfig, max_msg_size: -1 })
      const kvConfig = (await jsm.streams.info(`KV_${MEMBERSHIPS_KV}`)).config
      await jsm.streams.update(`KV_${MEMBERSHIPS_KV}`, { ...kvConfig, max_msg_size: -1 })
      const [intent] = await mails.atLeast(1)
      expect(intent).toMatchObject({
        subject: mailSubject(names.cases, filed.id, record.seq),
        data: { to: { subject: 'fay-sub' }, subject: 'Accepted: Loose Lane 4' },
      })
      await expect
        .poll(() => createMemberships(bus).groupsOf({ subject: 'fay-sub' }), { timeout: 10_000 })
        .toEqual([names.volunteers])
      expect(await bus.lastSubjectSequence(MAIL_STREAM, mailSubject(names.cases, filed.id, record.seq))).toBe(
        intent?.seq,
      )
    },
  )
})
