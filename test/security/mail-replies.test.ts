// Attacks on the way back in by mail: a forged, altered or expired reply
// address, mail for a case that is gone, relaying through the inbound port,
// an oversized or empty message, a flood from one sender. Each is refused
// with an SMTP error and nothing is appended to any case.
import { describe, expect, it } from 'vitest'
import { refusalOf, useReplyWorld } from '../mail/reply-world'

const DAY = 86_400_000

for (const kind of ['nats', 'local'] as const) {
  describe(`replies by mail refuse what is not a live reply (${kind} bus)`, () => {
    const world = useReplyWorld(kind, { maxBytes: 32 * 1024, burst: 5 })

    async function notes(id: string) {
      return (await world.history(id)).history.filter((entry) => entry.type === 'noted')
    }

    it('a forged token (random, or an altered one) is refused at RCPT TO', async () => {
      await world.fileCase('ForgedTokenCase01')
      const good = await world.replyAddressFor('ForgedTokenCase01')
      const token = /reply\+([a-z2-7]+)@/.exec(good)![1]!
      const flipped = token.slice(0, 30) + (token[30] === 'a' ? 'b' : 'a') + token.slice(31)
      for (const to of [
        `reply+${'a'.repeat(36)}@replies.example.org`,
        `reply+${flipped}@replies.example.org`,
        `reply+${token.slice(0, 35)}@replies.example.org`,
      ]) {
        const refused = await refusalOf(world.send({ to, subject: 'Re', text: 'let me in' }))
        expect(refused.code).toBe(550)
        expect(refused.text).toMatch(/5\.1\.1/)
      }
      expect(await notes('ForgedTokenCase01')).toEqual([])
    })

    it('an expired reply address is refused and says so', async () => {
      await world.fileCase('ExpiredTokenCase1')
      const past = Date.now() - 91 * DAY
      world.setClock(() => new Date(past))
      const to = await world.replyAddressFor('ExpiredTokenCase1')
      world.setClock(() => new Date())
      const refused = await refusalOf(world.send({ to, subject: 'Re', text: 'too late' }))
      expect(refused.code).toBe(550)
      expect(refused.text).toContain('has run out')
      expect(await notes('ExpiredTokenCase1')).toEqual([])
    })

    it('a reply for a case that is not there is refused', async () => {
      const to = await world.replyAddressFor('NeverFiledCase001')
      const refused = await refusalOf(world.send({ to, subject: 'Re', text: 'hello?' }))
      expect(refused.code).toBe(550)
      expect(refused.text).toContain('no longer there')
    })

    it('never a relay: any other recipient is refused at RCPT TO, even beside a good one', async () => {
      await world.fileCase('RelayAttemptCase1')
      const good = await world.replyAddressFor('RelayAttemptCase1')
      for (const to of ['victim@example.net', 'postmaster@replies.example.org', 'reply+@replies.example.org']) {
        expect((await refusalOf(world.send({ to, subject: 'spam', text: 'buy now' }))).code).toBe(550)
      }
      expect(await notes('RelayAttemptCase1')).toEqual([])
      // The good recipient takes its reply; the other never gets the message from here.
      const mixed = await world.sendEach({ to: [good, 'victim@example.net'], subject: 'Re', text: 'Still there.' })
      expect(mixed).toEqual({ accepted: [good], rejected: ['victim@example.net'] })
      expect((await notes('RelayAttemptCase1')).map((note) => note.text)).toEqual(['Still there.'])
    })

    it('an oversized message is refused and nothing of it is kept', async () => {
      await world.fileCase('OversizedReply001')
      const to = await world.replyAddressFor('OversizedReply001')
      const refused = await refusalOf(world.send({ to, subject: 'Re', text: 'x'.repeat(40 * 1024) }))
      expect(refused.code).toBe(552)
      expect(await notes('OversizedReply001')).toEqual([])
    })

    it('a reply with nothing of its own (only the quote) is refused', async () => {
      await world.fileCase('EmptyReplyCase001')
      const to = await world.replyAddressFor('EmptyReplyCase001')
      const text = 'On Tue, 24 Nov 2026, Road Watch <site@example.org> wrote:\n> Your report is in.\n'
      const refused = await refusalOf(world.send({ to, subject: 'Re', text }))
      expect(refused.code).toBe(550)
      expect(await notes('EmptyReplyCase001')).toEqual([])
    })

    it('a flood from one sender is turned away for a while; other cases’ replies go on', async () => {
      await world.fileCase('FloodedReplyCase1')
      const to = await world.replyAddressFor('FloodedReplyCase1')
      const answers: number[] = []
      for (let i = 0; i < 8; i++) {
        const sent = world.send({ from: 'flood@example.net', to, subject: 'Re', text: `flood ${i}` })
        answers.push(await sent.then(() => 250).catch((error: { responseCode?: number }) => error.responseCode ?? 0))
      }
      expect(answers).toEqual([250, 250, 250, 250, 250, 450, 450, 450])
      expect(await notes('FloodedReplyCase1')).toHaveLength(5)
      // Others' replies to their own cases go on.
      await world.fileCase('UnfloodedCase0001')
      const other = await world.replyAddressFor('UnfloodedCase0001')
      expect(await world.send({ from: 'ann@example.org', to: other, subject: 'Re', text: 'me too' })).toMatch(/^250/)
    })

    it('a forged MAIL FROM without a live reply address does not use up that sender’s share', async () => {
      await world.fileCase('ForgedSenderCase1')
      const to = await world.replyAddressFor('ForgedSenderCase1')
      for (let i = 0; i < 8; i++) {
        const refused = await refusalOf(
          world.send({ from: 'ann@example.org', to: `victim${i}@example.net`, text: 'x' }),
        )
        expect(refused.code).toBe(550)
      }
      expect(await world.send({ from: 'ann@example.org', to, subject: 'Re', text: 'The real one.' })).toMatch(/^250/)
    })

    it('a flood to one reply address from ever new senders is turned away too', async () => {
      await world.fileCase('SpoofedFloodCase1')
      const to = await world.replyAddressFor('SpoofedFloodCase1')
      const answers: number[] = []
      for (let i = 0; i < 7; i++) {
        const sent = world.send({ from: `spoof${i}@example.net`, to, subject: 'Re', text: `spoof ${i}` })
        answers.push(await sent.then(() => 250).catch((error: { responseCode?: number }) => error.responseCode ?? 0))
      }
      expect(answers).toEqual([250, 250, 250, 250, 250, 450, 450])
      expect(await notes('SpoofedFloodCase1')).toHaveLength(5)
    })
  })
}
