// The mailer's inbound SMTP server (MAIL_INBOUND_PORT on MAIL_INBOUND_HOST),
// meant to sit behind the site's MX. It is never a relay: a recipient that is
// not a live reply address is refused at RCPT TO. A message over
// MAIL_INBOUND_MAX_KB is refused (and not kept past the limit), and a sender
// sending too many at once is told to come back later. No client holds the
// server: a share of connections per address, an idle limit while it owes a
// command, a limit on the whole session, and every DATA is answered.
import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerSession } from 'smtp-server'
import { log } from '../../log'
import type { MailMetrics } from '../../metrics/mail-metrics'
import { createClientSlots } from './client-slots'
import type { ReplyInbox, SmtpRefusal } from './reply-inbox'
import { createSenderLimit } from './sender-limit'

export interface InboundOptions {
  readonly inbox: ReplyInbox
  readonly host: string
  readonly port: number
  readonly maxBytes: number
  /** Replies one sender may send at once, then one more each `refillMs` (defaults: 10, 30 s). */
  readonly burst?: number
  readonly refillMs?: number
  /** Counts each reply's outcome, when metrics are on. */
  readonly metrics?: Pick<MailMetrics, 'reply'>
  /** A connection's whole life, whatever it does (default 10 minutes). */
  readonly sessionMs?: number
  /** How long a client may owe a command (default 60 s). */
  readonly idleMs?: number
}

export interface InboundServer {
  readonly port: number
  close(): Promise<void>
}

const MAX_CLIENTS = 50
const PER_ADDRESS = 5
const IDLE_MS = 60_000
const SESSION_MS = 10 * 60_000

const smtpError = ({ code, message }: SmtpRefusal) => Object.assign(new Error(message), { responseCode: code })

export async function startInboundServer(options: InboundOptions): Promise<InboundServer> {
  const { inbox, maxBytes } = options
  const refuse = (refusal: SmtpRefusal) => {
    options.metrics?.reply(refusal.result)
    return smtpError(refusal)
  }
  const limit = createSenderLimit({ burst: options.burst ?? 10, refillMs: options.refillMs ?? 30_000 })
  const flood = (who: string) => log('warn', 'mail', '[svc] [mail] too many replies at once', { from: who })
  const slots = createClientSlots(PER_ADDRESS)
  const holding = new Map<string, { address: string; timer: NodeJS.Timeout }>()
  const server: SMTPServer = new SMTPServer({
    banner: 'replies only',
    authOptional: true,
    disabledCommands: ['AUTH'],
    // The link from the MX is the operator's network; no certificate is configured here.
    hideSTARTTLS: true,
    disableReverseLookup: true,
    size: maxBytes,
    // Each connection may hold one message of up to maxBytes while it is read.
    maxClients: MAX_CLIENTS,
    // While the client owes a command; smtp-server pauses it while a handler is deciding, which the session limit covers.
    socketTimeout: options.idleMs ?? IDLE_MS,
    logger: false,
    onConnect(session, callback) {
      const address = session.remoteAddress
      if (!slots.take(address))
        return callback(
          refuse({
            code: 421,
            message: '4.7.0 Too many connections from your address',
            result: 'too-many-connections',
          }),
        )
      const timer = setTimeout(() => endSession(session.id), options.sessionMs ?? SESSION_MS)
      timer.unref()
      holding.set(session.id, { address, timer })
      callback()
    },
    onClose(session) {
      const held = holding.get(session.id)
      if (held === undefined) return
      holding.delete(session.id)
      clearTimeout(held.timer)
      slots.release(held.address)
    },
    onRcptTo(address, session, callback) {
      inbox.accepts(address.address).then(
        (refusal) => {
          if (refusal !== null) return callback(refuse(refusal))
          // Counted only for a live reply address, so a forged MAIL FROM cannot use up someone else's share;
          // the reply address itself (one case, one person) is limited too, whoever claims to send.
          const from = session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address
          if (!limit.take(`from:${from}`, flood))
            return callback(
              refuse({
                code: 450,
                message: '4.7.1 Too many replies from this sender; try again later',
                result: 'too-many',
              }),
            )
          if (!limit.take(`to:${address.address}`, flood))
            return callback(
              refuse({
                code: 450,
                message: '4.7.1 Too many replies to this address; try again later',
                result: 'too-many',
              }),
            )
          callback()
        },
        (error: unknown) => callback(refuse(unavailable(error))),
      )
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      let size = 0
      // Answered once, whichever comes first: the inbox's answer or the stream failing.
      let answered = false
      const answer = (error?: Error) => {
        if (answered) return
        answered = true
        callback(error)
      }
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size <= maxBytes) chunks.push(chunk)
      })
      stream.on('error', (error) => answer(refuse(unavailable(error))))
      stream.on('end', () => {
        if (stream.sizeExceeded || size > maxBytes) {
          const message = `5.3.4 The message is larger than ${maxBytes} bytes`
          answer(refuse({ code: 552, message, result: 'too-large' }))
          return
        }
        deliverAll(inbox, Buffer.concat(chunks), session).then(
          (refusal) => {
            if (refusal === null) options.metrics?.reply('accepted')
            answer(refusal === null ? undefined : refuse(refusal))
          },
          (error: unknown) => answer(refuse(unavailable(error))),
        )
      })
    },
  })
  function endSession(id: string): void {
    for (const connection of server.connections)
      if (connection.id === id) {
        connection.send(421, '4.4.2 Session too long; closing')
        connection.close()
      }
  }
  server.on('error', (error) => log('warn', 'mail', '[svc] [mail] inbound SMTP', { reason: String(error) }))
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  log('info', 'mail', 'the mailer takes replies', { host: options.host, port })
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

// Every recipient passed RCPT already; the first refusal now (the case went
// meanwhile) answers for the message.
async function deliverAll(inbox: ReplyInbox, raw: Buffer, session: SMTPServerSession): Promise<SmtpRefusal | null> {
  for (const rcpt of session.envelope.rcptTo) {
    const refusal = await inbox.receive(raw, rcpt.address)
    if (refusal !== null) return refusal
  }
  return null
}

// The bus away: the sending server keeps the message and tries again.
function unavailable(error: unknown): SmtpRefusal {
  log('error', 'mail', '[svc] [mail] a reply could not be taken now', { reason: String(error) })
  return { code: 451, message: '4.3.0 Cannot take the reply now; try again later', result: 'unavailable' }
}
