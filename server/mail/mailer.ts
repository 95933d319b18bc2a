// The mailer unit: one durable consumer `mailer` on SVC_MAIL, shared by every
// mailer process on the bus, delivering each intent through deliverIntent;
// and, when replies are on, the way back: a reply address on each mail and
// an inbox (reply-inbox.ts) that an inbound SMTP server feeds. The same
// module runs as its own process (mailer-cli.ts) or, in development on the
// embedded bus, inside the service's process.
import type { Bus, Unsubscribe } from '../bus/types'
import type { Config } from '../config/schema'
import { log } from '../log'
import type { MailMetrics } from '../metrics/mail-metrics'
import { createPeopleDirectory, PEOPLE_KV } from '../people/people-directory'
import type { Sender } from './compose-mail'
import { deliverIntent, MAIL_SENT_KV } from './deliver-intent'
import { RECEIPTS_KV, RECEIPTS_MAX_AGE_MS } from './receipt-limit'
import { ensureRecordStreams } from '../records/streams'
import { ensureMailStream, MAIL_STREAM } from './mail-stream'
import { startInboundServer, type InboundServer } from './replies/inbound-server'
import { createReplyBook } from './replies/reply-book'
import { createReplyInbox, type ReplyInbox } from './replies/reply-inbox'
import type { ReplySettings } from './replies/reply-settings'
import type { MailTransport } from './transport'

/** The durable consumer every mailer process shares. */
export const MAILER_CONSUMER = 'mailer'
// Intents are `svc.mail.<bucket>.<record>.<seq>`; `svc.mail.failed` is not one.
const INTENT_SUBJECTS = 'svc.mail.*.*.*'

export interface MailerOptions {
  readonly bus: Bus
  readonly transport: MailTransport
  readonly sender: Sender
  /** SMTP messages under way at once from this process. */
  readonly concurrency: number
  /** Replies by mail; null: mail carries no reply address. */
  readonly replies: ReplySettings | null
  /** Where the inbound SMTP server listens, when it does (it needs replies on). */
  readonly inbound?: { readonly host: string; readonly port: number; readonly maxBytes: number }
  /** Counts deliveries, failures, retries and replies, when metrics are on. */
  readonly metrics?: MailMetrics
}

export interface Mailer {
  /** Replies by mail land here; null when replies are off. */
  readonly inbox: ReplyInbox | null
  /** The inbound SMTP server's port, when it listens. */
  readonly inboundPort: number | null
  stop(): Promise<void>
}

export async function startMailer(options: MailerOptions): Promise<Mailer> {
  const { bus, transport, sender, concurrency, metrics } = options
  // The mailer may be the first on a fresh bus; it notes undeliverable mail on SVC_RECORDS.
  await ensureRecordStreams(bus)
  await ensureMailStream(bus)
  const [sent, people, receipts] = await Promise.all([
    bus.kv(MAIL_SENT_KV),
    bus.kv(PEOPLE_KV),
    bus.kv(RECEIPTS_KV, { maxAgeMs: RECEIPTS_MAX_AGE_MS }),
  ])
  const directory = createPeopleDirectory(people)
  const replies = options.replies === null ? null : await createReplyBook(bus, options.replies)
  const inbox = replies === null ? null : createReplyInbox(bus, replies)
  const inbound: InboundServer | null =
    inbox === null || options.inbound === undefined
      ? null
      : await startInboundServer({ inbox, ...options.inbound, ...(metrics === undefined ? {} : { metrics }) })
  const deps = {
    bus,
    sent,
    receipts,
    transport,
    sender,
    replies,
    addressOf: (subject: string) => directory.addressOf(subject),
    ...(metrics === undefined ? {} : { metrics }),
  }
  const stop: Unsubscribe = await bus.consume(
    MAIL_STREAM,
    MAILER_CONSUMER,
    INTENT_SUBJECTS,
    { concurrency },
    (message) => deliverIntent(deps, message),
  )
  log('info', 'mail', 'the mailer is delivering', { concurrency, replies: replies !== null })
  return {
    inbox,
    inboundPort: inbound?.port ?? null,
    async stop() {
      stop()
      transport.close()
      await inbound?.close()
    },
  }
}

/** MAIL_INBOUND_* as startMailer takes them; nothing when no port is set. */
export function inboundOptions(config: Config): Pick<MailerOptions, 'inbound'> {
  if (config.MAIL_INBOUND_PORT === undefined) return {}
  const { MAIL_INBOUND_HOST: host, MAIL_INBOUND_PORT: port, MAIL_INBOUND_MAX_KB: kb } = config
  return { inbound: { host, port, maxBytes: kb * 1024 } }
}

/** Intents not yet delivered, as the shared consumer counts them (svc_mail_pending). */
export function mailPending(bus: Bus): Promise<number> {
  return bus.workPending(MAIL_STREAM, MAILER_CONSUMER)
}
