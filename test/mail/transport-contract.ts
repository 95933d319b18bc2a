// What every mail transport must do, run against each (like the bus contract).
import { describe, expect, it } from 'vitest'
import type { OutgoingMail } from '../../server/mail/compose-mail'
import type { MailTransport } from '../../server/mail/transport'

export interface TransportUnderTest {
  readonly transport: MailTransport
  /** What the receiving side got, raw parsed: subject, text, html, headers. */
  received(): Promise<{ subject?: string; text?: string; html?: string | false; headers: Map<string, unknown> }[]>
}

export const sample: OutgoingMail = {
  from: { name: 'Road Watch', address: 'site@example.org' },
  to: 'ann@example.org',
  subject: 'Your report moved on',
  text: 'We accepted it.\n\nOpen the case: http://localhost/cases/1',
  html: '<p>We accepted it.</p>',
  messageId: 'svc.potholes.abc.7@example.org',
  headers: { 'Auto-Submitted': 'auto-generated', 'List-Id': 'Road Watch <road-watch.example.org>' },
}

export function runTransportContract(name: string, open: () => Promise<TransportUnderTest>): void {
  describe(`${name} mail transport`, () => {
    it('hands over a mail with both parts, its subject, sender, Message-ID and machine headers', async () => {
      const { transport, received } = await open()
      await transport.send(sample)
      const [mail] = await received()
      expect(mail?.subject).toBe('Your report moved on')
      expect(mail?.text?.trim()).toBe(sample.text)
      expect(mail?.html).toContain('<p>We accepted it.</p>')
      expect(mail?.headers.get('message-id')).toBe('<svc.potholes.abc.7@example.org>')
      expect(mail?.headers.get('auto-submitted')).toBe('auto-generated')
      expect(String((mail?.headers.get('from') as { text?: string } | undefined)?.text)).toBe(
        '"Road Watch" <site@example.org>',
      )
      transport.close()
    })
  })
}
