// How fast the mailer delivers, beside how fast intents can be queued, in one
// run on one nats-server of its own: MAIL_INTENTS intents appended to SVC_MAIL
// as fast as one connection takes them (the reference: what moves could
// queue), then the built mailer process (npm run build first) delivering them
// to a local SMTP server, at 1 and at 8 SMTP connections. Prints intents/s
// queued, mails/s accepted by the SMTP server and their ratio; then, with the
// mailer running and idle, LATENCY_INTENTS more appended 10 ms apart (as moves
// come in), p50/p99 from each append to the SMTP server's acceptance.
// Loopback only.
// Run: npm run bench -- mail
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import { createNatsBus } from '../server/bus/nats'
import type { MailIntent } from '../server/mail/mail-intent'
import { MAIL_STREAM, mailSubject } from '../server/mail/mail-stream'
import { stopOnExit } from './support/cleanup'
import { startBenchNats } from './support/nats'
import { requireBuild } from './support/service'
import { quantile, table } from './support/timing'

const INTENTS = Number(process.env.MAIL_INTENTS ?? 2000)
const LATENCY_INTENTS = 200
const LATENCY_GAP_MS = 10
// [SMTP connections, whether each mail carries a reply address (one KV write more per mail)]
const LEVELS: [number, boolean][] = [
  [1, false],
  [8, false],
  [8, true],
]
const DEADLINE_MS = 120_000

requireBuild()
const rows: (string | number)[][] = [
  [
    'connections',
    'replies',
    'delivered',
    'queued/s',
    'delivered/s',
    'delivered/queued',
    'append to accepted p50 ms',
    'p99 ms',
  ],
]
for (const [connections, replies] of LEVELS) rows.push(await level(connections, replies))
console.log(`mail: ${INTENTS} intents per level, one nats-server, a local SMTP server; Node ${process.version}`)
console.log(table(rows))
process.exit(0)

async function level(connections: number, replies: boolean): Promise<(string | number)[]> {
  const nats = await startBenchNats()
  const smtp = await startCountingSmtp()
  const bus = await createNatsBus({ url: nats.url })
  try {
    await bus.ensureStream(MAIL_STREAM, ['svc.mail.>'])
    // Queued first, all of them, so the mailer's rate is its own, not the queue's.
    const append = (n: number) => {
      const intent = intentOf(n)
      return bus.append(MAIL_STREAM, mailSubject('potholes', intent.record.id, n + 1), intent, { msgId: intent.id })
    }
    const queueStarted = performance.now()
    const pending: Promise<unknown>[] = []
    for (let n = 0; n < INTENTS; n++) {
      pending.push(append(n))
      if (pending.length >= 256) await Promise.all(pending.splice(0))
    }
    await Promise.all(pending)
    const queuedPerSecond = INTENTS / ((performance.now() - queueStarted) / 1000)

    const mailer = stopOnExit(startMailer(nats.url, smtp.url, connections, replies))
    const started = Date.now()
    await until(() => smtp.accepted.size >= INTENTS)
    const times = [...smtp.accepted.values()]
    const delivered = times.length
    const deliveredPerSecond = delivered / ((Math.max(...times) - started) / 1000)

    // Steady state: each intent appended to an idle mailer, timed to its acceptance.
    const appendedAt = new Map<string, number>()
    for (let n = INTENTS; n < INTENTS + LATENCY_INTENTS; n++) {
      appendedAt.set(`svc.potholes.rec${n}.${n + 1}`, Date.now())
      await append(n)
      await sleep(LATENCY_GAP_MS)
    }
    await until(() => smtp.accepted.size >= INTENTS + LATENCY_INTENTS)
    await mailer.stop()
    const latencies = [...appendedAt].flatMap(([id, at]) => {
      const acceptedAt = smtp.accepted.get(id)
      return acceptedAt === undefined ? [] : [acceptedAt - at]
    })
    return [
      connections,
      replies ? 'on' : 'off',
      `${delivered}/${INTENTS}`,
      Math.round(queuedPerSecond),
      Math.round(deliveredPerSecond),
      `${(deliveredPerSecond / queuedPerSecond).toFixed(3)}x`,
      quantile(latencies, 0.5).toFixed(0),
      quantile(latencies, 0.99).toFixed(0),
    ]
  } finally {
    await bus.close()
    await smtp.stop()
    await nats.stop()
  }
}

function intentOf(n: number): MailIntent {
  return {
    id: `potholes:rec${n}:${n + 1}`,
    to: { email: `person${n}@example.org` },
    subject: `Your report on Mill Lane ${n} moved on`,
    body: `We **accepted** your report on Mill Lane ${n}. See [the case](http://localhost:3000/potholes/rec${n}).`,
    record: { bucket: 'potholes', id: `rec${n}` },
    storyline: 'plain',
    link: `http://localhost:3000/potholes/rec${n}`,
    brand: { name: 'Road Watch', primary: '#0b6e4f', language: 'en' },
  }
}

// Keeps only each message's id and when it was accepted: parsing whole mails
// here would take the CPU the mailer is being measured with.
async function startCountingSmtp() {
  const accepted = new Map<string, number>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A reverse DNS lookup per connection is a wait on a machine without DNS, not the mailer's time.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      let head = ''
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('latin1')
      })
      stream.on('end', () => {
        const id = /^message-id:\s*<([^@>]+)@/im.exec(head)?.[1]
        if (id !== undefined) accepted.set(id, Date.now())
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function startMailer(busUrl: string, smtpUrl: string, connections: number, replies: boolean) {
  const child = spawn(process.execPath, [join(process.cwd(), '.output/mailer/index.mjs')], {
    env: {
      PATH: process.env.PATH,
      BUS_URL: busUrl,
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'site@example.org',
      MAILER_CONNECTIONS: String(connections),
      ...(replies
        ? { MAIL_REPLY_ADDRESS: 'reply+{token}@example.org', MAIL_REPLY_SECRET: 'a reply secret for the mail bench' }
        : {}),
    },
    stdio: 'ignore',
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

async function until(done: () => boolean): Promise<void> {
  const started = Date.now()
  while (!done() && Date.now() - started < DEADLINE_MS) await sleep(20)
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
