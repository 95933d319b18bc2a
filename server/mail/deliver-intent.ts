// One mail intent, delivered at most once and never lost: a message already
// marked sent in KV is done; otherwise it is sent, and marked only after the
// SMTP server accepted it. The one window: a crash after the server accepted
// and before the mark is written sends it again on redelivery (same
// Message-ID, so a receiving side may fold the two); a bus without a leader
// for a while is waited out before the mark. docs/mail.md.
import { BusConflictError } from '../bus/errors'
import { whileUnavailable } from '../bus/while-unavailable'
import { encodeKvKey } from '../bus/kv-driver'
import { decodeJson } from '../bus/payload'
import type { Bus, BusKv, WorkMessage, WorkOutcome } from '../bus/types'
import { appendNote } from '../records/append-note'
import { log } from '../log'
import type { MailFailure, MailKind, MailMetrics } from '../metrics/mail-metrics'
import { composeMail, headerText, type Sender } from './compose-mail'
import { mailIntentSchema, type MailIntent } from './mail-intent'
import { englishMessages } from '../messages/messages'
import { RECEIPTS_PER_HOUR, takeReceiptSlot } from './receipt-limit'
import { openIntent } from './sealed-intent'
import type { ReplyBook } from './replies/reply-book'
import { MailRefusal, type MailTransport } from './transport'

/** KV bucket of intents the SMTP server accepted: key the intent id, value when and as what. */
export const MAIL_SENT_KV = 'svc_mail_sent'
/** Where a mail that will never go is told, with its intent id, record and reason. */
export const MAIL_FAILED_SUBJECT = 'svc.mail.failed'

const FIRST_RETRY_MS = 5000
const LONGEST_RETRY_MS = 10 * 60 * 1000

export interface DeliveryDeps {
  readonly bus: Bus
  readonly sent: BusKv
  /** Receipts counted per address and hour (receipt-limit.ts). */
  readonly receipts: BusKv
  readonly transport: MailTransport
  readonly sender: Sender
  /** The verified address of the person who signed in as `subject`, or null. */
  readonly addressOf: (subject: string) => Promise<string | null>
  /** Reply addresses, when replies by mail are on. */
  readonly replies: ReplyBook | null
  /** Counts what became of each intent, when metrics are on. */
  readonly metrics?: MailMetrics
}

/** A growing pause: 5 s, 10 s, 20 s, … at most 10 minutes. */
function retryDelayMs(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1), LONGEST_RETRY_MS)
}

export async function deliverIntent(deps: DeliveryDeps, message: WorkMessage): Promise<WorkOutcome> {
  let json: unknown
  try {
    json = decodeJson(message.data)
  } catch {
    json = undefined
  }
  // A bus that cannot give the case's key now throws, and the intent is handed out again later.
  const opened = await openIntent(deps.bus, json)
  if (opened === 'erased') {
    log('info', 'mail', 'dropped a mail about an erased case', { seq: message.seq })
    return { done: true }
  }
  const parsed = mailIntentSchema.safeParse(opened)
  if (!parsed.success) return failed(deps, message, null, null, 'the intent cannot be read', 'unreadable')
  const intent: MailIntent = parsed.data
  // Sent, or found undeliverable and noted on the case, before.
  if ((await deps.sent.get(encodeKvKey(intent.id))) !== null) return { done: true }
  const to = 'email' in intent.to ? intent.to.email : await deps.addressOf(intent.to.subject)
  if (to === null || !/^[^\s@<>,;"]+@[^\s@<>,;"]+$/.test(headerText(to)))
    return to === null
      ? failed(deps, message, intent, to, 'no address is known for the person', 'no-address')
      : failed(deps, message, intent, to, 'not an address', 'not-an-address')
  const address = headerText(to)
  if (intent.receipt === true && !(await takeReceiptSlot(deps.receipts, address, intent.id, new Date())))
    return skippedReceipt(deps, intent, address)
  const handle = { bucket: intent.record.bucket, record: intent.record.id, to: address, storyline: intent.storyline }
  // Only the submitter answers onto the case; staff and invite mail carry no reply address.
  const replies = intent.audience === 'staff' || intent.audience === 'invitee' ? null : deps.replies
  const replyTo = replies === null ? undefined : await replies.addressFor(intent.id, handle)
  const mail = composeMail(intent, address, deps.sender, replyTo)
  try {
    await deps.transport.send(mail)
  } catch (error) {
    const refusal = error instanceof MailRefusal ? error : new MailRefusal(false, String(error))
    if (refusal.permanent) return failed(deps, message, intent, to, refusal.message, 'refused')
    const retryInMs = retryDelayMs(message.attempt)
    deps.metrics?.retried()
    log('warn', 'mail', '[svc] [mail] delivery failed for now; trying again', {
      intent: intent.id,
      attempt: message.attempt,
      retryInMs,
      reason: refusal.message,
    })
    return { retryInMs }
  }
  await markHandled(deps.sent, intent, { messageId: mail.messageId })
  deps.metrics?.delivered(kindOf(intent))
  log('info', 'mail', 'delivered', { intent: intent.id, messageId: mail.messageId, attempt: message.attempt })
  return { done: true }
}

const kindOf = (intent: MailIntent | null): MailKind => (intent === null ? 'unknown' : (intent.audience ?? 'submitter'))

async function failed(
  { bus, sent, metrics }: DeliveryDeps,
  message: WorkMessage,
  intent: MailIntent | null,
  to: string | null,
  reason: string,
  why: MailFailure,
): Promise<WorkOutcome> {
  metrics?.failed(kindOf(intent), why)
  const recipient = to === null ? null : headerText(to)
  const failure = {
    intent: intent?.id ?? null,
    record: intent?.record ?? null,
    to: recipient,
    reason,
    seq: message.seq,
  }
  log('error', 'mail', '[svc] [mail] a mail cannot be delivered', failure)
  bus.publish(MAIL_FAILED_SUBJECT, failure)
  if (intent === null) return { done: true }
  // An invite has no case to note it on; the failure event and the log tell it.
  if (intent.audience !== 'invitee')
    await noteOnCase(
      bus,
      intent,
      `mail to ${recipient ?? 'the submitter'} could not be delivered: ${headerText(reason)}`,
      `mail-failed:${intent.id}`,
    )
  // What went wrong by its kind: an SMTP answer may quote the address, which the case alone keeps (sealed).
  await markHandled(sent, intent, { failed: why })
  return { done: true }
}

// The filing stands; staff see in its history that no receipt went, and why.
async function skippedReceipt({ bus, sent }: DeliveryDeps, intent: MailIntent, address: string): Promise<WorkOutcome> {
  log('warn', 'mail', '[svc] [mail] too many receipts to one address; this one is not sent', { intent: intent.id })
  const text = englishMessages.say('mail.receipt-skipped', { address, count: RECEIPTS_PER_HOUR })
  await noteOnCase(bus, intent, text, `receipt-skipped:${intent.id}`)
  await markHandled(sent, intent, { skipped: 'too many receipts to the address this hour' })
  return { done: true }
}

// Longer than a leader election: the mark waits one out rather than let a redelivery send the mail again.
const MARK_PATIENCE_MS = 30_000

// Create-only: a second mark (a redelivery racing this one, or a try whose answer was lost) finds the first.
async function markHandled(sent: BusKv, intent: MailIntent, outcome: object): Promise<void> {
  try {
    await whileUnavailable(
      () => sent.create(encodeKvKey(intent.id), { at: new Date().toISOString(), ...outcome }),
      MARK_PATIENCE_MS,
      500,
    )
  } catch (error) {
    if (!(error instanceof BusConflictError)) throw error
  }
}

// The case's history says so, where staff look; the state stays as it is.
async function noteOnCase(bus: Bus, intent: MailIntent, text: string, msgId: string): Promise<void> {
  const { bucket, id } = intent.record
  const { storyline } = intent
  const actor = { kind: 'service' } as const
  await appendNote(bus, { bucket, id, storyline, actor, via: 'service', text, msgId, time: new Date() })
}
