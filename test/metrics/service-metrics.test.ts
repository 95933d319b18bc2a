// Issue 28, metrics: the built service and mailer on one nats-server, each
// with its /metrics on a listener of its own. What visitors, a caseworker and
// a reply by mail do shows in the counters exactly. What a caller could do to
// the metrics is test/security/metrics.test.ts.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import type { ParsedMail } from 'mailparser'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCookieFetch } from '../auth/cookie-fetch'
import { startServiceWithIdp, type ServiceWithIdp } from '../auth/service-with-idp'
import { signIn } from '../auth/sign-in-flow'
import { waitFor } from '../bus/wait'
import { moveForms } from '../desk/desk-world'
import { readPage } from '../desk/page'
import { cleanEnv } from '../support/global-setup'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { freePort, ROOT } from '../support/server'
import { startSmtpServer, type TestSmtp } from '../support/smtp-server'
import { fileThrough, filedId, postForm } from '../visitor/visitor-client'
import { metricsUrlIn, scrape, valueOf } from './scrape'

let nats: NatsServer
let smtp: TestSmtp
let run: ServiceWithIdp
let mailer: ChildProcess
let mailerOutput = ''
let inboundPort: number
let serviceMetrics: string
let mailerMetrics: string

beforeAll(async () => {
  nats = await startNatsServer()
  ;[smtp, inboundPort] = await Promise.all([startSmtpServer(), freePort()])
  run = await startServiceWithIdp({
    accounts: [{ id: 'kari', claims: { name: 'Kari Caseworker', email: 'kari@example.org', groups: ['caseworkers'] } }],
    env: { BUS_URL: nats.url, METRICS_PORT: '0' },
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
})
afterAll(async () => {
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
      const kari = createCookieFetch()
      kari.setCookie(run.service, 'svc_story', 'plain')
      await signIn(kari, run.service, 'kari')
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
