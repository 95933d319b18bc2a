// What the mailer sends with, from the settings: SMTP when SMTP_URL is set,
// otherwise (development only) the outbox folder. Shared by the mailer
// process and the development service that runs the mailer inside itself.
import { join } from 'node:path'
import { isDevelopment } from '../config/mode'
import type { Config } from '../config/schema'
import type { Sender } from './compose-mail'
import { createOutboxTransport } from './outbox-transport'
import { createSmtpTransport } from './smtp-transport'
import type { MailTransport } from './transport'

// Development mail needs no address of its own; production names one.
const DEVELOPMENT_FROM = 'site@localhost'

export type MailerSetup =
  | { readonly transport: MailTransport; readonly sender: Sender; readonly concurrency: number }
  | { readonly refusal: string }

export function outboxDir(config: Config): string {
  return join(config.DATA_DIR, 'outbox')
}

export function mailerSetup(config: Config): MailerSetup {
  const development = isDevelopment(config)
  const address = config.MAIL_FROM ?? (development ? DEVELOPMENT_FROM : undefined)
  if (address === undefined) return { refusal: 'MAIL_FROM is not set: the address mail is sent from' }
  if (config.SMTP_URL === undefined && !development)
    return { refusal: 'SMTP_URL is not set: without an SMTP server no mail can be delivered' }
  const sender: Sender = { address, ...(config.SITE_NAME === undefined ? {} : { siteName: config.SITE_NAME }) }
  const transport =
    config.SMTP_URL === undefined
      ? createOutboxTransport(outboxDir(config))
      : createSmtpTransport({ url: config.SMTP_URL, connections: config.MAILER_CONNECTIONS })
  return { transport, sender, concurrency: config.MAILER_CONNECTIONS }
}

/**
 * Whether the service runs the mailer inside its own process: in development
 * only, on the embedded bus (no other process can read it), and on NATS when
 * no SMTP_URL says a mailer unit delivers (mail then goes to the outbox).
 */
export function mailerInService(config: Config): boolean {
  return isDevelopment(config) && (config.BUS_URL === undefined || config.SMTP_URL === undefined)
}
