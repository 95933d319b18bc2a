// The mailer's own metrics: what it delivered, what failed and why (in fixed
// words, never an SMTP server's text or an address), retries, the intents
// waiting and the replies taken or refused.
import { Counter, Gauge, type Registry } from 'prom-client'

/** Who a mail is for (the intent's audience). */
export type MailKind = 'submitter' | 'staff' | 'invitee' | 'unknown'
/** Why a mail will never go. */
export type MailFailure = 'unreadable' | 'no-address' | 'not-an-address' | 'refused'
/** A reply by mail: taken onto its case (or found there already), or why it was refused. */
export type ReplyResult =
  | 'accepted'
  | 'not-a-reply-address'
  | 'forged'
  | 'expired'
  | 'gone'
  | 'unreadable'
  | 'empty'
  | 'too-large'
  | 'too-many-parts'
  | 'too-slow'
  | 'too-many'
  | 'too-many-connections'
  | 'unavailable'

export interface MailMetrics {
  delivered(kind: MailKind): void
  failed(kind: MailKind, reason: MailFailure): void
  retried(): void
  reply(result: ReplyResult): void
}

/** `pending` answers the intents not yet delivered, or null when it cannot be told now. */
export function createMailMetrics(registry: Registry, pending: () => Promise<number | null>): MailMetrics {
  const registers = [registry]
  const delivered = new Counter({
    name: 'svc_mail_delivered_total',
    help: 'Mails the SMTP server accepted, by who they are for.',
    labelNames: ['kind'] as const,
    registers,
  })
  const failed = new Counter({
    name: 'svc_mail_failed_total',
    help: 'Mails that will never go (noted on their case), by who they were for and why.',
    labelNames: ['kind', 'reason'] as const,
    registers,
  })
  const retries = new Counter({
    name: 'svc_mail_retries_total',
    help: 'Deliveries that failed for now and wait to be tried again.',
    registers,
  })
  const replies = new Counter({
    name: 'svc_mail_replies_total',
    help: 'Replies by mail: accepted onto their case, or the reason they were refused.',
    labelNames: ['result'] as const,
    registers,
  })
  // The last answer stands while the bus cannot give one.
  let waiting = 0
  new Gauge({
    name: 'svc_mail_pending',
    help: 'Mail intents not yet delivered: waiting, under way or paused before a retry.',
    registers,
    async collect() {
      waiting = (await pending().catch(() => null)) ?? waiting
      this.set(waiting)
    },
  })
  return {
    delivered: (kind) => delivered.inc({ kind }),
    failed: (kind, reason) => failed.inc({ kind, reason }),
    retried: () => retries.inc(),
    reply: (result) => replies.inc({ result }),
  }
}
