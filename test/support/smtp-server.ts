// A real SMTP server for tests (smtp-server), on a loopback port it picks,
// keeping each message it accepted, parsed with mailparser. `refuse` makes
// it answer the DATA with an SMTP error; `delayMs` holds each answer back.
import { simpleParser, type ParsedMail } from 'mailparser'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface TestSmtp {
  readonly url: string
  readonly port: number
  readonly received: ParsedMail[]
  /** An SMTP reply code and text for every DATA from now on, or null to accept. */
  refuse(code: number | null, text?: string): void
  delay(ms: number): void
  stop(): Promise<void>
}

export interface SmtpTls {
  readonly key: Buffer
  readonly cert: Buffer
  /** TLS from the first byte (smtps://), else STARTTLS offered after EHLO. */
  readonly implicit: boolean
}

export async function startSmtpServer(
  port = 0,
  tls?: SmtpTls,
): Promise<TestSmtp & { readonly secured: () => boolean }> {
  let secured = false
  const received: ParsedMail[] = []
  let refusal: { code: number; text: string } | null = null
  let delayMs = 0
  // A message counts as accepted only if the client was still there to hear
  // the 250: one whose sender vanished meanwhile was never accepted to it.
  const closed = new Set<string>()
  const server = new SMTPServer({
    authOptional: true,
    ...(tls === undefined
      ? { disabledCommands: ['STARTTLS'] }
      : { key: tls.key, cert: tls.cert, secure: tls.implicit }),
    disableReverseLookup: true,
    logger: false,
    onClose(session) {
      closed.add(session.id)
    },
    onData(stream, session, callback) {
      if (session.secure) secured = true
      simpleParser(stream)
        .then(async (mail) => {
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
          if (refusal !== null) {
            const error = Object.assign(new Error(refusal.text), { responseCode: refusal.code })
            return callback(error)
          }
          if (closed.has(session.id)) return callback()
          received.push(mail)
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  // A client that gives up mid-handshake (an untrusted certificate) is the test's point, not an error of the run.
  server.on('error', () => undefined)
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const bound = (server.server.address() as AddressInfo).port
  return {
    url: `${tls?.implicit === true ? 'smtps' : 'smtp'}://127.0.0.1:${bound}`,
    secured: () => secured,
    port: bound,
    received,
    refuse(code, text = 'refused by the test') {
      refusal = code === null ? null : { code, text }
    },
    delay(ms) {
      delayMs = ms
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
