// One mail intent as a move queues it, for the tests of what a mail becomes.
import type { MailIntent } from '../../server/mail/mail-intent'

export const sampleIntent: MailIntent = {
  id: 'potholes:abc123:7',
  to: { email: 'ann@example.org' },
  subject: 'Your report on Mill Lane moved on',
  body: 'We **accepted** your report on Mill Lane \\<b\\>.\n\n- It is on the list\n- We fix it soon\n\nSee [the case]({{link}}).',
  record: { bucket: 'potholes', id: 'abc123' },
  storyline: 'story',
  link: 'http://localhost:3000/potholes/abc123',
  brand: { name: 'Vegvakt', primary: '#0b6e4f', language: 'nb' },
}

export const sampleSender = { address: 'site@example.org' }
