// Issue 28, metrics: the built service and mailer on one nats-server, each
// with its /metrics on a listener of its own. What visitors, a caseworker,
// the clock and a reply by mail do shows in the counters exactly, and so do
// mails the SMTP server refuses. What a caller could do to the metrics is
// test/security/metrics.test.ts.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import type { ParsedMail } from 'mailparser'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCookieFetch, type CookieFetch } from '../auth/cookie-fetch'
import { startServiceWithIdp, type ServiceWithIdp } from '../auth/service-with-idp'
import { signIn } from '../auth/sign-in-flow'
import { waitFor } from '../bus/wait'
import { moveForms } from '../desk/desk-world'
import { attr, readPage } from '../desk/page'
import { testEffects } from '../records/record-effects'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import { createRecordIndex, type RecordIndex } from '../../server/records/record-index'
import { createRecords, type Records } from '../../server/records/records'
import { loadDemo } from '../support/demo-site'
import { fastClock } from '../support/fast-clock'
import { cleanEnv } from '../support/global-setup'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { freePort, ROOT } from '../support/server'
import { startSmtpServer, type TestSmtp } from '../support/smtp-server'
import { confirmForm, fileThrough, filedId, openPage, postForm, selfMoveButtons } from '../visitor/visitor-client'
import { metricsUrlIn, scrape, valueOf } from './scrape'

let nats: NatsServer
let smtp: TestSmtp
let run: ServiceWithIdp
let mailer: ChildProcess
let mailerOutput = ''
let inboundPort: number
let serviceMetrics: string
let mailerMetrics: string
let kari: CookieFetch
// Another writer on the bus, in this process: what it appends is not the service's to count.
let bus: Bus
let index: RecordIndex
let elsewhere: Records

const DAY_MS = 24 * 60 * 60 * 1000
// The service's clock runs five times as fast: its minute's timed moves come every 12 s, and in a minute of test
// it is only minutes ahead, well inside the provider's token lifetimes.
const CLOCK_RATE = 5

beforeAll(async () => {
  nats = await startNatsServer()
  ;[smtp, inboundPort] = await Promise.all([startSmtpServer(), freePort()])
  run = await startServiceWithIdp({
    accounts: [{ id: 'kari', claims: { name: 'Kari Caseworker', email: 'kari@example.org', groups: ['caseworkers'] } }],
    env: { BUS_URL: nats.url, METRICS_PORT: '0', ...fastClock(CLOCK_RATE) },
  })
  mailer = spawn(process.execPath, [join(ROOT, '.output/mailer/index.mjs')], {
    env: cleanEnv({
      BUS_URL: nats.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'site@example.org',
      MAIL_REPLY_ADDRESS: 'reply+{token}@replies.example.org',
      MAIL_REPLY_SECRET: 'a reply secret for the metrics test, long enough',
      MAIL_INBOUND_PORT: String(inboundPort),
      MAILER_METRICS_PORT: '0',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [mailer.stdout, mailer.stderr])
    stream?.on('data', (chunk: Buffer) => (mailerOutput += chunk.toString()))
  await waitFor(() => metricsUrlIn(mailerOutput) !== null, 15_000, "the mailer's metrics")
  await waitFor(() => metricsUrlIn(run.output()) !== null, 15_000, "the service's metrics")
  serviceMetrics = metricsUrlIn(run.output())!
  mailerMetrics = metricsUrlIn(mailerOutput)!
  kari = createCookieFetch()
  kari.setCookie(run.service, 'svc_story', 'plain')
  await signIn(kari, run.service, 'kari')
  bus = await createNatsBus({ url: nats.url })
  index = createRecordIndex(bus)
  const [site] = await Promise.all([loadDemo(), index.ready])
  // Its clock stands 15 days back, so what it puts in a state has been there that long.
  const now = () => new Date(Date.now() - 15 * DAY_MS)
  elsewhere = createRecords({ bus, site: () => site, index, now, effects: testEffects(bus, index) })
}, 60_000)
afterAll(async () => {
  index?.close()
  await bus?.close()
  mailer?.kill('SIGKILL')
  await run?.stop()
  await smtp?.stop()
  await nats?.stop()
})

const startLineOf = (output: string) =>
  JSON.parse(output.split('\n').find((line) => line.includes('"area":"start"')) ?? '{}') as Record<string, unknown>

const addressOf = (value: ParsedMail['replyTo']) => value?.value[0]?.address ?? ''

describe('GET /metrics', () => {
  it(
    'after three filings, one desk move and one reply by mail, the counters show exactly those, and the mail ' +
      'delivered; nothing is left pending',
    { timeout: 60_000 },
    async () => {
      const visitor = createCookieFetch()
      const ids: string[] = []
      for (const n of [1, 2, 3]) {
        const response = await fileThrough(visitor, run.service, '/', 'potholes', {
          street: `Metric Lane ${n}`,
          kind: 'pothole',
          email: 'ann@example.org',
        })
        ids.push(filedId(response))
      }
      const deskPath = `/desk/caseworkers/potholes/${ids[0]}`
      const page = await kari(`${run.service}${deskPath}`)
      const body = await page.text()
      const accept = moveForms({ status: page.status, headers: page.headers, body, page: readPage(body) }).find(
        (form) => form.fields.edge === 'accept',
      )!
      expect((await postForm(kari, new URL(accept.action, run.service), accept.fields)).status).toBe(303)

      // The three receipts, then the move's mail: the first receipt is answered by mail.
      const toAnn = () =>
        smtp.received.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === 'ann@example.org')
      await waitFor(() => toAnn().length === 4, 20_000, 'the receipts and the move mail')
      const receipt = toAnn().find((mail) => mail.subject?.includes('Metric Lane 1'))!
      const client = nodemailer.createTransport({
        host: '127.0.0.1',
        port: inboundPort,
        secure: false,
        ignoreTLS: true,
      })
      await client.sendMail({
        from: 'ann@example.org',
        to: addressOf(receipt.replyTo),
        subject: `Re: ${receipt.subject}`,
        text: 'There is a second hole beside it.',
      })
      client.close()

      const service = await scrape(serviceMetrics)
      expect(valueOf(service, 'svc_records_filed_total{bucket="potholes"}')).toBe(3)
      expect(valueOf(service, 'svc_records_moved_total{bucket="potholes",by="desk"}')).toBe(1)
      expect([...service.keys()].filter((series) => series.startsWith('svc_records_noted_total'))).toEqual([])
      await waitFor(
        async () => (await scrape(mailerMetrics)).get('svc_mail_pending') === 0,
        15_000,
        'nothing pending at the mailer',
      )
      const mail = await scrape(mailerMetrics)
      expect(valueOf(mail, 'svc_mail_replies_total{result="accepted"}')).toBe(1)
      expect(valueOf(mail, 'svc_records_noted_total{bucket="potholes",by="mail"}')).toBe(1)
      const delivered = [...mail].filter(([series]) => series.startsWith('svc_mail_delivered_total'))
      expect(delivered.reduce((sum, [, value]) => sum + value, 0)).toBe(smtp.received.length)
      expect(valueOf(mail, 'svc_mail_delivered_total{kind="submitter"}')).toBe(4)
      expect([...mail.keys()].filter((series) => series.startsWith('svc_mail_failed_total'))).toEqual([])
      expect(valueOf(mail, 'svc_bus_connected')).toBe(1)
      expect(mail.has('process_resident_memory_bytes')).toBe(true)

      expect(valueOf(service, 'svc_index_behind_events')).toBe(0)
      expect(valueOf(service, 'svc_bus_connected')).toBe(1)
      const revision = [...service.keys()].find((series) => series.startsWith('svc_content_revision_info'))
      expect(revision).toMatch(/^svc_content_revision_info\{revision="[0-9a-f]{12}"\}$/)
      expect(valueOf(service, 'svc_http_requests_total{route="/file/[bucket]",method="POST",status="303"}')).toBe(3)
      expect(
        valueOf(service, 'svc_http_requests_total{route="/desk/[desk]/[bucket]/[id]/move",method="POST",status="303"}'),
      ).toBe(1)
      expect(service.has('nodejs_eventloop_lag_seconds')).toBe(true)
    },
  )

  it(
    "a visitor's own move, the clock's, a desk's message and a mail the SMTP server refuses are counted by who " +
      'did them and why',
    { timeout: 90_000 },
    async () => {
      const [service0, mail0] = await Promise.all([scrape(serviceMetrics), scrape(mailerMetrics)])
      const moved = (by: string) => `svc_records_moved_total{bucket="potholes",by="${by}"}`

      // A visitor withdraws their own case from their list (a move that closes it asks once more).
      const visitor = createCookieFetch()
      visitor.setCookie(run.service, 'svc_story', 'plain')
      const own = filedId(
        await fileThrough(visitor, run.service, '/', 'potholes', { street: 'Self Lane', kind: 'crack' }),
      )
      const withdraw = selfMoveButtons((await openPage(visitor, `${run.service}/my-reports`)).html, run.service, own)
      const asked = await postForm(visitor, withdraw[0]!.action, withdraw[0]!.hidden)
      const confirm = confirmForm(await asked.text(), run.service)
      expect((await postForm(visitor, confirm.action, confirm.hidden)).status).toBe(303)

      // A case repaired 15 days ago (potholes: fixed, after 14 days, to closed): the service's clock closes it.
      const filed = await elsewhere.file({
        bucket: 'potholes',
        storyline: 'plain',
        fields: { street: 'Clock Lane', kind: 'pothole', email: 'cleo@example.org' },
        submitter: 'session:metrics-clock',
        actor: { kind: 'visitor', session: 'metrics-clock' },
      })
      let seq = filed.seq
      for (const edge of ['accept', 'fix']) {
        const actor = { kind: 'person', subject: 'desk-test', name: 'Desk' } as const
        const step = { bucket: 'potholes', id: filed.id, edge, via: 'desk', expectSeq: seq, actor } as const
        seq = (await elsewhere.move(step)).record.seq
      }
      await waitFor(
        async () => valueOf(await scrape(serviceMetrics), moved('clock')) === 1,
        40_000,
        "the service's clock to close the case",
      )
      expect((await elsewhere.get('potholes', filed.id))?.state).toBe('closed')

      // A caseworker writes to a submitter while the SMTP server answers 451, then 550.
      const written = filedId(
        await fileThrough(visitor, run.service, '/', 'potholes', {
          street: 'Write Lane',
          kind: 'pothole',
          email: 'bea@example.org',
        }),
      )
      // The clock's mail and the receipt go out before the SMTP server starts refusing.
      const arrived = (subject: string) => smtp.received.some((mail) => mail.subject === subject)
      await waitFor(
        async () =>
          arrived('Report closed: Clock Lane') &&
          arrived('We got your report on Write Lane') &&
          (await scrape(mailerMetrics)).get('svc_mail_pending') === 0,
        15_000,
        'every mail so far delivered',
      )
      const mail1 = await scrape(mailerMetrics)
      smtp.refuse(451, 'try again later')
      const deskPath = `/desk/caseworkers/potholes/${written}`
      const page = readPage(await (await kari(`${run.service}${deskPath}`)).text())
      const form = page.one('form.desk-write')
      const fields = Object.fromEntries(
        page
          .all('form.desk-write input')
          .filter((input) => input.parent === form)
          .map((input) => [attr(input, 'name'), attr(input, 'value')]),
      )
      const sent = await postForm(kari, new URL(attr(form, 'action'), run.service), {
        ...fields,
        message: 'Which side of the road is it on?',
      })
      expect(sent.status).toBe(303)
      const retries = async () => valueOf(await scrape(mailerMetrics), 'svc_mail_retries_total')
      await waitFor(async () => (await retries()) === valueOf(mail1, 'svc_mail_retries_total') + 1, 15_000, 'a retry')
      // The retry comes 5 s later, and is refused for good.
      smtp.refuse(550, 'no such mailbox')
      const refused = 'svc_mail_failed_total{kind="submitter",reason="refused"}'
      await waitFor(async () => valueOf(await scrape(mailerMetrics), refused) === 1, 20_000, 'the mail failed')
      smtp.refuse(null)

      const [service, mail] = await Promise.all([scrape(serviceMetrics), scrape(mailerMetrics)])
      expect(valueOf(service, moved('self')) - valueOf(service0, moved('self'))).toBe(1)
      expect(valueOf(service, moved('clock')) - valueOf(service0, moved('clock'))).toBe(1)
      // The desk's moves stay those of the first test: what the other writer did is not this instance's.
      expect(valueOf(service, moved('desk'))).toBe(valueOf(service0, moved('desk')))
      expect(valueOf(service, 'svc_records_noted_total{bucket="potholes",by="desk"}')).toBe(1)
      expect(valueOf(service, 'svc_records_filed_total{bucket="potholes"}')).toBe(
        valueOf(service0, 'svc_records_filed_total{bucket="potholes"}') + 2,
      )
      // One retry, then one failure for good, noted on the case by the mailer; nothing failed before.
      expect(valueOf(mail, 'svc_mail_retries_total') - valueOf(mail0, 'svc_mail_retries_total')).toBe(1)
      expect([...mail].filter(([series]) => series.startsWith('svc_mail_failed_total'))).toEqual([[refused, 1]])
      expect(valueOf(mail, 'svc_records_noted_total{bucket="potholes",by="service"}')).toBe(1)
      expect(valueOf(mail, 'svc_mail_pending')).toBe(0)
    },
  )

  it('each unit said at start what is on, in one line', () => {
    expect(startLineOf(run.output())).toMatchObject({
      level: 'info',
      unit: 'service',
      signIn: `on: the provider at ${run.idpUrl}`,
      mail: 'mailer unit: queued on SVC_MAIL; it waits there until a mailer unit delivers it',
      uploads: 'off: STORE_* are not set: file fields fail closed',
      busReplicas: 1,
      metrics: 'on: http://127.0.0.1:0/metrics',
    })
    expect(startLineOf(mailerOutput)).toMatchObject({
      unit: 'mailer',
      mail: `on: through smtp://127.0.0.1:${smtp.port}`,
      replies: `on: to reply+{token}@replies.example.org, taken on 127.0.0.1:${inboundPort}`,
    })
  })
})
