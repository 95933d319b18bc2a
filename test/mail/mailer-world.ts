// The mailer as its own process in a test: a nats-server per test, SMTP
// servers, the built mailer and intents queued as moves queue them.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import type { MailIntent } from '../../server/mail/mail-intent'
import { ensureMailStream, MAIL_STREAM, mailSubject } from '../../server/mail/mail-stream'
import { ensureRecordStreams } from '../../server/records/streams'
import { cleanEnv } from '../support/global-setup'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { ROOT } from '../support/server'
import { startSmtpServer, type SmtpTls, type TestSmtp } from '../support/smtp-server'

/** Call at the top of a test file: each test gets its own nats-server, and what it started is stopped after. */
export function useMailerWorld() {
  let nats: NatsServer
  let bus: Bus
  const children: ChildProcess[] = []
  const smtps: TestSmtp[] = []
  let nextSeq = 1

  // A server per test: a mailer killed at the end of one test leaves its pull
  // requests on the server, which would hold the next test's mail until the
  // ack wait gives it to another.
  beforeEach(async () => {
    nats = await startNatsServer()
    bus = await createNatsBus({ url: nats.url })
    await ensureRecordStreams(bus)
    await ensureMailStream(bus)
  })
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL')
    await Promise.all(smtps.splice(0).map((smtp) => smtp.stop()))
    await bus.close()
    await nats.stop()
  })

  async function smtp(port?: number, tls?: SmtpTls) {
    const server = await startSmtpServer(port, tls)
    smtps.push(server)
    return server
  }

  /** The built mailer, with its output kept; resolves once it delivers. */
  async function startMailer(env: Record<string, string | undefined>) {
    const child = spawn(process.execPath, [join(ROOT, '.output/mailer/index.mjs')], {
      env: cleanEnv({ BUS_URL: nats.url, MAIL_FROM: 'site@example.org', SITE_NAME: 'Road Watch', ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    return { child, output: () => output, exited }
  }

  async function queue(overrides: Partial<MailIntent> = {}): Promise<MailIntent> {
    const seq = nextSeq++
    const intent: MailIntent = {
      id: `potholes:rec${seq}:${seq}`,
      to: { email: 'ann@example.org' },
      subject: `Case ${seq} moved on`,
      body: `We **accepted** case ${seq}.`,
      record: { bucket: 'potholes', id: `rec${seq}` },
      storyline: 'plain',
      link: `http://localhost:3000/potholes/rec${seq}`,
      ...overrides,
    }
    await bus.append(MAIL_STREAM, mailSubject('potholes', intent.record.id, seq), intent, { msgId: intent.id })
    return intent
  }

  return {
    bus: () => bus,
    nats: () => nats,
    children,
    smtps,
    smtp,
    startMailer,
    queue,
    nextSeq: () => nextSeq++,
  }
}
