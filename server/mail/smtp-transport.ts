// Sending over SMTP with nodemailer: `smtp://` or `smtps://`, user and
// password in the URL, STARTTLS whenever the server offers it, a pool of
// `connections`. The server's answer decides what a failure is: 5xx is
// permanent, 4xx and anything before an answer (refused, reset, timed out)
// is temporary.
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
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: connections,
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

export function toNodemailer(mail: OutgoingMail): nodemailer.SendMailOptions {
  return {
    from: { name: mail.from.name, address: mail.from.address },
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<${mail.messageId}>`,
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
