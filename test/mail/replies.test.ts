// Issue 10, replies by mail (SPEC 3: "A reply sent by mail leaves the
// record's state unchanged"): a reply to a mail's Reply-To, sent over SMTP to
// the mailer's inbound port, lands on the case as a note by mail, with the
// quoted history and signature stripped, on the NATS bus and the embedded one.
import { describe, expect, it } from 'vitest'
import { useReplyWorld } from './reply-world'

const REPLY = `It is still there, and bigger now.
Two cars hit it this morning.

On Tue, 24 Nov 2026 at 10:00, Road Watch <site@example.org> wrote:
> We have your report on Mill Lane 14.
> A caseworker looks at new reports on working days.

--
Ann Example
Sent from my iPhone`

for (const kind of ['nats', 'local'] as const) {
  describe(`SPEC 3: a reply sent by mail leaves the record's state unchanged (${kind} bus)`, () => {
    const world = useReplyWorld(kind, { maxBytes: 256 * 1024 })

    it('a reply lands on the case as a note by mail, its quoted history and signature stripped', async () => {
      await world.fileCase('AbCdEfGhIjKlMnOp', 'accepted')
      const to = await world.replyAddressFor('AbCdEfGhIjKlMnOp')
      expect(await world.send({ to, subject: 'Re: Your report', text: REPLY })).toMatch(/^250/)
      const { state, history } = await world.history('AbCdEfGhIjKlMnOp')
      expect(state).toBe('accepted')
      expect(history.map((entry) => entry.type)).toEqual(['filed', 'noted'])
      expect(history[1]).toMatchObject({
        type: 'noted',
        via: 'mail',
        to: 'accepted',
        actor: { kind: 'mail', address: 'ann@example.org' },
        text: 'It is still there, and bigger now.\nTwo cars hit it this morning.',
      })
    })

    it('an HTML-only reply is read as text; the address is matched whatever its case', async () => {
      await world.fileCase('HtmlOnlyReply0001')
      const to = (await world.replyAddressFor('HtmlOnlyReply0001')).toUpperCase()
      await world.send({ to, subject: 'Re', html: '<p>Thanks, <b>noted</b>.</p><blockquote>old</blockquote>' })
      const { history } = await world.history('HtmlOnlyReply0001')
      expect(history[1]?.text).toContain('Thanks, noted.')
    })

    it('a reply padded with tens of thousands of blank lines is taken at once, its words kept', async () => {
      await world.fileCase('BlankLinesReply01')
      const to = await world.replyAddressFor('BlankLinesReply01')
      const text = `First line.${'\n'.repeat(60_000)}Last line.\n\nOn Tue, 24 Nov 2026, Road Watch wrote:\n> quoted`
      expect(await world.send({ to, subject: 'Re', text })).toMatch(/^250/)
      const { history } = await world.history('BlankLinesReply01')
      expect(history[1]?.text).toBe('First line.\n\nLast line.')
    })

    it('the same message handed over twice (a client that lost the 250) is one note', async () => {
      await world.fileCase('SameMessageTwice1')
      const to = await world.replyAddressFor('SameMessageTwice1')
      const mail = { to, subject: 'Re', text: 'Once only.', messageId: '<once@ann.example.org>' }
      await world.send(mail)
      await world.send(mail)
      const { history } = await world.history('SameMessageTwice1')
      expect(history.filter((entry) => entry.type === 'noted')).toHaveLength(1)
    })
  })
}
