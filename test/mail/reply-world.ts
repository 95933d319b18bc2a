// Replies by mail in a test: a bus (NATS or embedded), a filed case on it,
// the reply book and inbox, the inbound SMTP server on a random loopback
// port, and an SMTP client (nodemailer) that sends to it as a site's MX would.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { afterEach, beforeEach } from 'vitest'
import { createLocalBus } from '../../server/bus/local'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import { startInboundServer, type InboundServer } from '../../server/mail/replies/inbound-server'
import { createReplyBook, type ReplyBook } from '../../server/mail/replies/reply-book'
import { createReplyInbox } from '../../server/mail/replies/reply-inbox'
import { rebuildProjection } from '../../server/records/record-events'
import { ensureRecordStreams } from '../../server/records/streams'
import { ensureMailStream } from '../../server/mail/mail-stream'
import { RECORDS_STREAM, recordSubject, type HistoryEntry, type RecordEvent } from '../../server/records/types'
import { startNatsServer, type NatsServer } from '../support/nats-server'

export const REPLY_SETTINGS = {
  template: 'reply+{token}@replies.example.org',
  secret: Buffer.from('the reply secret of this test run'),
  days: 90,
}

export interface ReplyWorldOptions {
  readonly maxBytes?: number
  readonly burst?: number
  /** The clock the reply book makes tokens by. */
  readonly now?: () => Date
  /** The inbox's and the server's limits, shortened for the tests of them. */
  readonly parseMs?: number
  readonly sessionMs?: number
  readonly idleMs?: number
}

export function useReplyWorld(kind: 'nats' | 'local', options: ReplyWorldOptions = {}) {
  let nats: NatsServer | null = null
  let dataDir: string | null = null
  let bus: Bus
  let book: ReplyBook
  let inbound: InboundServer
  let clock = options.now ?? (() => new Date())

  beforeEach(async () => {
    if (kind === 'nats') {
      nats = await startNatsServer()
      bus = await createNatsBus({ url: nats.url })
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'svc-replies-'))
      bus = await createLocalBus({ dataDir })
    }
    await ensureRecordStreams(bus)
    await ensureMailStream(bus)
    book = await createReplyBook(bus, REPLY_SETTINGS, () => clock())
    inbound = await startInboundServer({
      inbox: createReplyInbox(bus, book, undefined, options.parseMs),
      host: '127.0.0.1',
      port: 0,
      maxBytes: options.maxBytes ?? 64 * 1024,
      ...(options.burst === undefined ? {} : { burst: options.burst }),
      ...(options.sessionMs === undefined ? {} : { sessionMs: options.sessionMs }),
      ...(options.idleMs === undefined ? {} : { idleMs: options.idleMs }),
    })
  })
  afterEach(async () => {
    await inbound.close()
    await bus.close()
    await nats?.stop()
    if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true })
  })

  /** A case on the bus, as a filing stores it. */
  async function fileCase(id: string, state = 'new'): Promise<void> {
    const event: RecordEvent = {
      v: 1,
      type: 'filed',
      record: id,
      bucket: 'potholes',
      storyline: 'warm',
      actor: { kind: 'visitor', session: 'abc' },
      time: new Date().toISOString(),
      to: state,
      fields: { street: 'Mill Lane 14', email: 'ann@example.org' },
      submitter: 'session:abc',
    }
    await bus.append(RECORDS_STREAM, recordSubject('potholes', id), event)
  }

  /** The reply address a mail about the case to ann@example.org carries. */
  function replyAddressFor(id: string, seq = 1): Promise<string> {
    const handle = { bucket: 'potholes', record: id, to: 'ann@example.org', storyline: 'warm' }
    return book.addressFor(`potholes:${id}:${seq}`, handle)
  }

  async function history(id: string): Promise<{ state: string; history: readonly HistoryEntry[] }> {
    const last = await bus.lastSubjectSequence(RECORDS_STREAM, recordSubject('potholes', id))
    const projection = await rebuildProjection(bus, 'potholes', id, last)
    return { state: projection?.record.state ?? '', history: projection?.history ?? [] }
  }

  /** Sends over SMTP; resolves with the server's answer or rejects with its refusal. */
  async function send(mail: nodemailer.SendMailOptions): Promise<string> {
    const client = nodemailer.createTransport({ host: '127.0.0.1', port: inbound.port, secure: false, ignoreTLS: true })
    try {
      const info = await client.sendMail({ from: 'ann@example.org', ...mail })
      return info.response
    } finally {
      client.close()
    }
  }

  /** Sends to several recipients; resolves with which the server took and which it refused. */
  async function sendEach(mail: nodemailer.SendMailOptions): Promise<{ accepted: string[]; rejected: string[] }> {
    const client = nodemailer.createTransport({ host: '127.0.0.1', port: inbound.port, secure: false, ignoreTLS: true })
    try {
      const info = await client.sendMail({ from: 'ann@example.org', ...mail })
      const text = (list: unknown[]) => list.map((entry) => (typeof entry === 'string' ? entry : JSON.stringify(entry)))
      return { accepted: text(info.accepted), rejected: text(info.rejected) }
    } finally {
      client.close()
    }
  }

  return {
    sendEach,
    bus: () => bus,
    port: () => inbound.port,
    setClock(next: () => Date) {
      clock = next
    },
    fileCase,
    replyAddressFor,
    history,
    send,
  }
}

/** What an SMTP refusal carried: its code and text. */
export async function refusalOf(sending: Promise<unknown>): Promise<{ code: number; text: string }> {
  try {
    await sending
  } catch (error) {
    const { responseCode, response } = error as { responseCode?: number; response?: string }
    return { code: responseCode ?? 0, text: response ?? String(error) }
  }
  throw new Error('the message was accepted')
}
