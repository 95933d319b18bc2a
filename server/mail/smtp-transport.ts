// Sending over SMTP with nodemailer: `smtp://` or `smtps://`, user and
// password in the URL, STARTTLS whenever the server offers it, a pool of
// `connections`. The server's answer decides what a failure is: 5xx is
// permanent, 4xx and anything before an answer (refused, reset, timed out)
// is temporary.
import { connect, type Socket } from 'node:net'
import nodemailer from 'nodemailer'
import type { OutgoingMail } from './compose-mail'
import { MailRefusal, type MailTransport } from './transport'

export interface SmtpOptions {
  readonly url: string
  readonly connections: number
  /** How long to wait for the server at each step. */
  readonly timeoutMs?: number
}

export function createSmtpTransport({ url, connections, timeoutMs = 30_000 }: SmtpOptions): MailTransport {
  // Given a `url`, nodemailer takes nothing but the URL (no pool, no time-outs): the parts are passed one by one.
  const parsed = new URL(url)
  const secure = parsed.protocol === 'smtps:'
  const user = decodeURIComponent(parsed.username)
  const transport = nodemailer.createTransport({
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port === '' ? (secure ? 465 : 587) : Number(parsed.port),
    secure,
    ...(user === '' ? {} : { auth: { user, pass: decodeURIComponent(parsed.password) } }),
    pool: true,
    maxConnections: connections,
    getSocket: (options: SocketOptions, callback: SocketCallback) => openSocket(options, timeoutMs, callback),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  })
  return {
    async send(mail) {
      try {
        await transport.sendMail(toNodemailer(mail))
      } catch (error) {
        throw refusalOf(error)
      }
    },
    close: () => transport.close(),
  }
}

// Our own socket, so Nagle's algorithm is off: with it, the end of each message
// waited for the server's delayed ACK, some 40 ms a mail on a kept connection.
type SocketOptions = { host?: string; port?: number }
type SocketCallback = (error: Error | null, socket?: { connection: Socket }) => void

function openSocket({ host, port }: SocketOptions, timeoutMs: number, callback: SocketCallback): void {
  const socket = connect({ host, port: port ?? 25, noDelay: true })
  const failed = (error: Error) => {
    socket.destroy()
    callback(error)
  }
  socket.setTimeout(timeoutMs, () => failed(Object.assign(new Error('connection timed out'), { code: 'ETIMEDOUT' })))
  socket.once('error', failed)
  socket.once('connect', () => {
    socket.setTimeout(0)
    socket.removeListener('error', failed)
    callback(null, { connection: socket })
  })
}

export function toNodemailer(mail: OutgoingMail): nodemailer.SendMailOptions {
  return {
    from: { name: mail.from.name, address: mail.from.address },
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<${mail.messageId}>`,
    ...(mail.replyTo === undefined ? {} : { replyTo: mail.replyTo }),
    headers: { ...mail.headers },
    // The body is UTF-8 text; quoted-printable keeps it readable in a raw view.
    textEncoding: 'quoted-printable',
  }
}

function refusalOf(error: unknown): MailRefusal {
  const { responseCode, code, message } = error as { responseCode?: number; code?: string; message?: string }
  const reason = message ?? String(error)
  if (typeof responseCode === 'number') return new MailRefusal(responseCode >= 500, reason)
  // A message nodemailer cannot build (a bad address) is never going to go.
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return new MailRefusal(true, reason)
  return new MailRefusal(false, reason)
}
