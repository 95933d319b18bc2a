// Whether mail about a case can be answered by mail, from the settings:
// MAIL_REPLY_ADDRESS and MAIL_REPLY_SECRET together, or neither. In
// development both have defaults (a secret kept on the bus, addresses at
// localhost) so /dev/outbox can answer a mail.
import { isDevelopment } from '../../config/mode'
import { readOrCreateSecret } from '../../bus/shared-secret'
import type { Bus } from '../../bus/types'
import type { Config } from '../../config/schema'

export interface ReplySettings {
  /** MAIL_REPLY_ADDRESS, e.g. `reply+{token}@example.org`. */
  readonly template: string
  readonly secret: Buffer
  /** MAIL_REPLY_DAYS: how long a reply address takes replies. */
  readonly days: number
}

export type ReplySetup = { readonly replies: ReplySettings | null } | { readonly refusal: string }

const DEVELOPMENT_TEMPLATE = 'reply+{token}@localhost'

export async function replySetup(config: Config, bus: Bus): Promise<ReplySetup> {
  const { MAIL_REPLY_ADDRESS: address, MAIL_REPLY_SECRET: secret, MAIL_REPLY_DAYS: days } = config
  if (isDevelopment(config)) {
    return {
      replies: {
        template: address ?? DEVELOPMENT_TEMPLATE,
        secret: secret === undefined ? await readOrCreateSecret(bus, 'mail-reply') : Buffer.from(secret),
        days,
      },
    }
  }
  if (address !== undefined && secret === undefined)
    return { refusal: 'MAIL_REPLY_ADDRESS is set without MAIL_REPLY_SECRET: reply addresses cannot be signed' }
  if (address === undefined && secret !== undefined)
    return { refusal: 'MAIL_REPLY_SECRET is set without MAIL_REPLY_ADDRESS: there is no address to reply to' }
  if (address === undefined || secret === undefined) {
    if (config.MAIL_INBOUND_PORT !== undefined)
      return { refusal: 'MAIL_INBOUND_PORT is set but replies are off: set MAIL_REPLY_ADDRESS and MAIL_REPLY_SECRET' }
    return { replies: null }
  }
  return { replies: { template: address, secret: Buffer.from(secret), days } }
}
