// Where composed mail goes: an SMTP server (smtp-transport.ts) or, in
// development, an outbox folder (outbox-transport.ts). One interface, one
// contract suite for both.
import type { OutgoingMail } from './compose-mail'

export interface MailTransport {
  /** Resolves once the receiving side accepted the message; throws MailRefusal otherwise. */
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

/** Why a mail did not go: `permanent` ones are not tried again. */
export class MailRefusal extends Error {
  override readonly name = 'MailRefusal'
  constructor(
    readonly permanent: boolean,
    reason: string,
  ) {
    super(reason)
  }
}
