// Mail as an attacker uses it: a record value with a line break aimed at
// the headers, and an SMTP server whose certificate the mailer has no reason
// to trust (a man in the middle, a misconfigured relay).
import { describe, expect, it } from 'vitest'
import { composeMail } from '../../server/mail/compose-mail'
import { waitFor } from '../bus/wait'
import { useMailerWorld } from '../mail/mailer-world'
import { createTestCa } from '../support/test-ca'
import { sampleIntent, sampleSender } from '../mail/sample-intent'

const intent = sampleIntent
const sender = sampleSender

describe('Security: mail headers', () => {
  it('Security: a line break in a value never reaches a header', () => {
    const forged = {
      ...intent,
      subject: 'Moved\r\nBcc: victim@example.org',
      brand: { ...intent.brand!, name: 'Site\nX-Evil: 1' },
    }
    const mail = composeMail(forged, 'ann@example.org', sender)
    expect(mail.subject).toBe('Moved Bcc: victim@example.org')
    expect(mail.from.name).toBe('Site X-Evil: 1')
    expect(Object.values(mail.headers).join('')).not.toMatch(/[\r\n]/)
  })
})

describe('Security: the mailer and TLS', () => {
  const { smtp, startMailer, queue } = useMailerWorld()

  it('Security: a server whose certificate is not trusted gets nothing; the mail waits', async () => {
    const ca = createTestCa()
    const untrusted = await smtp(undefined, { key: ca.key, cert: ca.cert, implicit: true })
    const mailer = await startMailer({ SMTP_URL: untrusted.url })
    await queue()
    await waitFor(() => mailer.output().includes('trying again'), 10_000, 'a refused attempt')
    expect(mailer.output()).toMatch(/certificate/i)
    expect(untrusted.received).toEqual([])
  })
})
