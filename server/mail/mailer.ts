// The mailer unit: one durable consumer `mailer` on SVC_MAIL, shared by every
// mailer process on the bus, delivering each intent through deliverIntent.
// The same module runs as its own process (mailer-cli.ts) or, in
// development on the embedded bus, inside the service's process.
import type { Bus, Unsubscribe } from '../bus/types'
import { log } from '../log'
import { createPeopleDirectory, PEOPLE_KV } from '../people/people-directory'
import type { Sender } from './compose-mail'
import { deliverIntent, MAIL_SENT_KV } from './deliver-intent'
import { ensureRecordStreams } from '../records/streams'
import { MAIL_STREAM } from './mail-stream'
import type { MailTransport } from './transport'

const MAILER_CONSUMER = 'mailer'
// Intents are `svc.mail.<bucket>.<record>.<seq>`; `svc.mail.failed` is not one.
const INTENT_SUBJECTS = 'svc.mail.*.*.*'

export interface MailerOptions {
  readonly bus: Bus
  readonly transport: MailTransport
  readonly sender: Sender
  /** SMTP messages under way at once from this process. */
  readonly concurrency: number
}

export interface Mailer {
  stop(): void
}

export async function startMailer({ bus, transport, sender, concurrency }: MailerOptions): Promise<Mailer> {
  // The mailer may be the first on a fresh bus; it notes undeliverable mail on SVC_RECORDS.
  await ensureRecordStreams(bus)
  const [sent, people] = await Promise.all([bus.kv(MAIL_SENT_KV), bus.kv(PEOPLE_KV)])
  const directory = createPeopleDirectory(people)
  const deps = { bus, sent, transport, sender, addressOf: (subject: string) => directory.addressOf(subject) }
  const stop: Unsubscribe = await bus.consume(
    MAIL_STREAM,
    MAILER_CONSUMER,
    INTENT_SUBJECTS,
    { concurrency },
    (message) => deliverIntent(deps, message),
  )
  log('info', 'mail', 'the mailer is delivering', { concurrency })
  return {
    stop() {
      stop()
      transport.close()
    },
  }
}
