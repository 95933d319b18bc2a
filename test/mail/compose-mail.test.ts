// The mail itself (issue 10, "The mail itself"; SPEC Storylines 4: mail carries the storyline).
import { describe, expect, it } from 'vitest'
import { composeMail } from '../../server/mail/compose-mail'
import { markdownToText } from '../../server/mail/markdown-text'
import { sampleIntent, sampleSender } from './sample-intent'

const intent = sampleIntent
const sender = sampleSender

describe('Storylines 4: mail about a case', () => {
  it('has a text part without Markdown marks and an HTML part with the body rendered and escaped', () => {
    const mail = composeMail(intent, 'ann@example.org', sender)
    expect(mail.text).not.toMatch(/\*\*|\\</)
    expect(mail.text).toContain('We accepted your report on Mill Lane <b>.')
    expect(mail.text).toContain('- It is on the list')
    expect(mail.text).toContain('Åpne saken: http://localhost:3000/potholes/abc123')
    expect(mail.html).toContain('<strong>accepted</strong>')
    expect(mail.html).toContain('Mill Lane &lt;b&gt;')
    expect(mail.html).not.toContain('<b>')
    expect(mail.html).toContain('href="http://localhost:3000/potholes/abc123"')
    expect(mail.html).toContain('#0b6e4f')
    expect(mail.html).toContain('lang="nb"')
  })

  it('is sent under the site name, with a Message-ID from the intent and machine headers', () => {
    const mail = composeMail(intent, 'ann@example.org', sender)
    expect(mail.from).toEqual({ name: 'Vegvakt', address: 'site@example.org' })
    expect(mail.messageId).toBe('svc.potholes.abc123.7@example.org')
    expect(mail.headers['Auto-Submitted']).toBe('auto-generated')
    expect(mail.headers['List-Id']).toBe('Vegvakt <vegvakt.example.org>')
    expect(composeMail(intent, 'ann@example.org', { ...sender, siteName: 'Road Watch' }).from.name).toBe('Road Watch')
  })

  it('a link that is not http(s) gets no button, and a colour that is not one is not used', () => {
    const mail = composeMail(
      { ...intent, link: 'javascript:alert(1)', brand: { ...intent.brand!, primary: 'red;background:url(x)' } },
      'ann@example.org',
      sender,
    )
    expect(mail.html).not.toContain('javascript:')
    expect(mail.html).not.toContain('url(x)')
    expect(mail.text).not.toContain('javascript:')
  })
})

describe('markdownToText', () => {
  it('keeps the words, drops the marks, and keeps a link’s address beside its words', () => {
    expect(markdownToText('# Heading\n\nSome *em* and `code`.\n\n1. one\n2. two\n\n[site](https://x.org)')).toBe(
      'Heading\n\nSome em and code.\n\n- one\n- two\n\nsite (https://x.org)',
    )
  })

  it('keeps a code block as it is written, script and marks included', () => {
    expect(markdownToText('Before:\n\n```\n-<script>x</script>\n+**bold**\n```\n\nAfter.')).toBe(
      'Before:\n\n-<script>x</script>\n+**bold**\n\nAfter.',
    )
  })
})
