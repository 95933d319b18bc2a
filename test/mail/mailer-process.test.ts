// Issue 10: the mailer as its own process on NATS, against a real SMTP
// server: each intent on SVC_MAIL goes out once, waits while the server is
// away, and a refusal is told instead of retried (SPEC 1 rule 4, SPEC 6 rule 4).
import { openStored } from '../support/stored-payload'
import { describe, expect, it } from 'vitest'
import { decodeJson } from '../../server/bus/payload'
import { MAIL_FAILED_SUBJECT } from '../../server/mail/deliver-intent'
import { MAIL_STREAM, mailSubject } from '../../server/mail/mail-stream'
import { RECORDS_STREAM, recordSubject } from '../../server/records/types'
import { settle, sleep, waitFor } from '../bus/wait'
import type { TestSmtp } from '../support/smtp-server'
import { createTestCa } from '../support/test-ca'
import { useMailerWorld } from './mailer-world'

const { bus: useBus, nats, smtps, smtp, startMailer, queue, nextSeq } = useMailerWorld()

const subjects = (server: TestSmtp) => server.received.map((mail) => mail.subject)

describe('SPEC 1 rule 4: mail is delivered by a separate unit reading the same bus', () => {
  it('delivers each intent once, as its own process; a restart and a repeated intent send nothing more', async () => {
    const server = await smtp()
    const first = await startMailer({ SMTP_URL: server.url })
    const intent = await queue()
    await waitFor(() => server.received.length === 1, 10_000, 'the mail')
    const [mail] = server.received
    expect(mail?.subject).toBe(intent.subject)
    expect(mail?.text).toContain('We accepted case')
    expect(mail?.headers.get('message-id')).toBe(`<svc.${intent.id.replaceAll(':', '.')}@example.org>`)
    first.child.kill('SIGTERM')
    await first.exited
    // The same intent queued again (a catch-up on another instance) is the same mail.
    await useBus().append(MAIL_STREAM, mailSubject('potholes', intent.record.id, 900 + nextSeq()), intent)
    await startMailer({ SMTP_URL: server.url })
    const later = await queue()
    await waitFor(() => server.received.length === 2, 10_000, 'the later mail')
    expect(await settle(() => subjects(server), { quietMs: 1500 })).toEqual([intent.subject, later.subject])
  })

  it('SMTP server away for a while: the mail waits and goes out once it is back, once', async () => {
    const away = await smtp()
    const port = away.port
    await away.stop()
    smtps.splice(smtps.indexOf(away), 1)
    const mailer = await startMailer({ SMTP_URL: `smtp://127.0.0.1:${port}` })
    const intent = await queue()
    await waitFor(() => mailer.output().includes('trying again'), 10_000, 'a failed attempt')
    const back = await smtp(port)
    await waitFor(() => back.received.length === 1, 20_000, 'the mail after the server came back')
    expect(await settle(() => subjects(back), { quietMs: 1500 })).toEqual([intent.subject])
  })

  it('a permanent refusal (5xx) is not tried again and is told on svc.mail.failed', async () => {
    const server = await smtp()
    server.refuse(550, 'mailbox unavailable')
    const failures: unknown[] = []
    const unsubscribe = await useBus().subscribe(
      MAIL_FAILED_SUBJECT,
      (message: { data: Uint8Array }) => void failures.push(decodeJson(message.data)),
    )
    await startMailer({ SMTP_URL: server.url })
    const intent = await queue()
    await waitFor(() => failures.length === 1, 10_000, 'the failure')
    expect(failures[0]).toMatchObject({
      intent: intent.id,
      record: intent.record,
      to: 'ann@example.org',
      reason: expect.stringContaining('mailbox unavailable'),
    })
    // The case's history says so, and its state stays as it was.
    const notes: unknown[] = []
    const stop = await useBus().follow(
      RECORDS_STREAM,
      recordSubject('potholes', intent.record.id),
      {},
      async (event) => {
        notes.push(await openStored(useBus(), event.data))
      },
    )
    await waitFor(() => notes.length === 1, 5000, 'the note on the case')
    expect(notes[0]).toMatchObject({
      type: 'noted',
      via: 'service',
      actor: { kind: 'service' },
      text: expect.stringMatching(/^mail to ann@example\.org could not be delivered: .*mailbox unavailable/),
    })
    server.refuse(null)
    await sleep(1500)
    expect(server.received).toEqual([])
    expect(failures).toHaveLength(1)
    expect(notes).toHaveLength(1)
    stop()
    unsubscribe()
  })

  it('killed with kill -9 mid-batch at a slow SMTP server: after a restart every intent arrived exactly once', async () => {
    const server = await smtp()
    server.delay(800)
    const first = await startMailer({ SMTP_URL: server.url, MAILER_CONNECTIONS: '4' })
    const intents = []
    for (let n = 0; n < 12; n++) intents.push(await queue())
    // The first batch accepted and marked sent, the second in the middle of its data: then the kill.
    // (Killing between an acceptance and its mark is the one known window, docs/mail.md.)
    await waitFor(() => server.received.length >= 4, 10_000, 'the first batch')
    await sleep(400)
    first.child.kill('SIGKILL')
    await first.exited
    const got = server.received.length
    expect(got).toBeLessThan(intents.length)
    server.delay(0)
    await startMailer({ SMTP_URL: server.url })
    // What the killed process held comes back after the ack wait (30 s).
    await waitFor(() => server.received.length >= intents.length, 60_000, 'every mail after the restart')
    const counted = await settle(() => subjects(server), { quietMs: 2000 })
    expect([...counted].sort()).toEqual(intents.map((intent) => intent.subject).sort())
  }, 90_000)

  it('over TLS: STARTTLS when the server offers it, the certificate verified', async () => {
    const ca = createTestCa()
    const starttls = await smtp(undefined, { key: ca.key, cert: ca.cert, implicit: false })
    await startMailer({ SMTP_URL: starttls.url, NODE_EXTRA_CA_CERTS: ca.caFile })
    await queue()
    await waitFor(() => starttls.received.length === 1, 10_000, 'the mail over STARTTLS')
    expect(starttls.secured()).toBe(true)
  })

  it('over TLS from the first byte (smtps://), the certificate verified', async () => {
    const ca = createTestCa()
    const implicit = await smtp(undefined, { key: ca.key, cert: ca.cert, implicit: true })
    expect(implicit.url).toMatch(/^smtps:/)
    await startMailer({ SMTP_URL: implicit.url, NODE_EXTRA_CA_CERTS: ca.caFile })
    await queue()
    await waitFor(() => implicit.received.length === 1, 10_000, 'the mail over smtps')
    expect(implicit.secured()).toBe(true)
  })

  it('a bus outage: the mailer reconnects by itself and delivers what is queued after it', async () => {
    const server = await smtp()
    await startMailer({ SMTP_URL: server.url })
    await queue()
    await waitFor(() => server.received.length === 1, 10_000, 'the first mail')
    await nats().down()
    await sleep(1500)
    await nats().up()
    await waitFor(() => useBus().isConnected(), 10_000, 'the test reconnected')
    const later = await queue()
    await waitFor(() => server.received.length === 2, 20_000, 'the mail queued after the outage')
    expect(server.received[1]?.subject).toBe(later.subject)
  })

  it('Runtime configuration: the mailer refuses to start without SMTP_URL in production, or without BUS_URL', async () => {
    const noSmtp = await startMailer({ SMTP_URL: undefined })
    expect(await noSmtp.exited).toBe(1)
    expect(noSmtp.output()).toContain('SMTP_URL is not set')
    const noBus = await startMailer({ BUS_URL: undefined, SMTP_URL: 'smtp://127.0.0.1:25' })
    expect(await noBus.exited).toBe(1)
    expect(noBus.output()).toContain('BUS_URL is not set')
  })

  it('Runtime configuration: replies by mail need both MAIL_REPLY_ADDRESS and MAIL_REPLY_SECRET', async () => {
    const smtpUrl = 'smtp://127.0.0.1:25'
    const cases: [Record<string, string>, string][] = [
      [{ MAIL_REPLY_ADDRESS: 'reply+{token}@example.org' }, 'without MAIL_REPLY_SECRET'],
      [{ MAIL_REPLY_SECRET: 'x'.repeat(32) }, 'without MAIL_REPLY_ADDRESS'],
      [{ MAIL_INBOUND_PORT: '2525' }, 'MAIL_INBOUND_PORT is set but replies are off'],
      [{ MAIL_REPLY_ADDRESS: 'reply@example.org', MAIL_REPLY_SECRET: 'x'.repeat(32) }, 'MAIL_REPLY_ADDRESS'],
      [{ MAIL_REPLY_ADDRESS: 'reply+{token}@example.org', MAIL_REPLY_SECRET: 'short' }, 'at least 32 characters'],
    ]
    for (const [env, says] of cases) {
      const refused = await startMailer({ SMTP_URL: smtpUrl, ...env })
      expect(await refused.exited, says).toBe(1)
      expect(refused.output()).toContain(says)
      expect(refused.output()).not.toContain('x'.repeat(32))
    }
  })

  it('with replies on, every mail carries a Reply-To of its own', async () => {
    const server = await smtp()
    await startMailer({
      SMTP_URL: server.url,
      MAIL_REPLY_ADDRESS: 'reply+{token}@replies.example.org',
      MAIL_REPLY_SECRET: 'the reply secret of the mailer test',
    })
    const first = await queue()
    const second = await queue()
    await waitFor(() => server.received.length === 2, 10_000, 'both mails')
    const replyTo = server.received.map((mail) => mail.replyTo?.value[0]?.address ?? '')
    for (const address of replyTo) expect(address).toMatch(/^reply\+[a-z2-7]{36}@replies\.example\.org$/)
    expect(new Set(replyTo).size).toBe(2)
    // Delivered over several connections at once: in either order.
    expect(server.received.map((mail) => mail.subject).sort()).toEqual([first.subject, second.subject].sort())
    // Staff mail (a work order to a shared inbox) carries none: only the submitter answers onto the case.
    const order = await queue({ audience: 'staff', to: { email: 'roadcrew@example.org' } })
    await waitFor(() => server.received.length === 3, 10_000, 'the staff mail')
    expect(server.received[2]?.subject).toBe(order.subject)
    expect(server.received[2]?.replyTo).toBeUndefined()
  })
})
