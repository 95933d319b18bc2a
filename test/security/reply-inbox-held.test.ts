// Attacks that tried to stop the reply inbox answering: a reply of 1,000
// one-byte attachments (mailparser never settled, and the connection was held
// with its idle timeout off), one address holding every connection slot, and
// a 16 KB reply of `>` and spaces that held the event loop in the reply
// parser. Each is answered, and everyone else's replies still get in.
import { connect, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { refusalOf, useReplyWorld } from '../mail/reply-world'

/** A raw SMTP connection from `localAddress`: resolves with its first line (the greeting or the refusal). */
function openSmtp(port: number, localAddress = '127.0.0.1'): Promise<{ socket: Socket; first: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress })
    let text = ''
    socket.on('error', reject)
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      const end = text.indexOf('\r\n')
      if (end >= 0) resolve({ socket, first: text.slice(0, end) })
    })
  })
}

describe('Security: the reply inbox keeps answering', () => {
  const world = useReplyWorld('nats', { maxBytes: 2048 * 1024 })

  async function notes(id: string) {
    return (await world.history(id)).history.filter((entry) => entry.type === 'noted')
  }

  it('a reply with 1,000 one-byte attachments is refused as too many parts, and others still get in', async () => {
    await world.fileCase('ManyPartsReply001')
    const to = await world.replyAddressFor('ManyPartsReply001')
    const attachments = Array.from({ length: 1000 }, (_, i) => ({ filename: `${i}.txt`, content: 'x' }))
    // A generous guard, not a measurement: before, this never came back at all.
    const refused = await refusalOf(world.send({ to, subject: 'Re', text: 'parts', attachments }))
    expect(refused.code).toBe(552)
    expect(refused.text).toContain('parts')
    expect(await notes('ManyPartsReply001')).toEqual([])
    // A reply with a few attachments is still taken, on the same inbox.
    const few = Array.from({ length: 3 }, (_, i) => ({ filename: `${i}.txt`, content: 'x' }))
    expect(await world.send({ to, subject: 'Re', text: 'Photo attached.', attachments: few })).toMatch(/^250/)
    expect((await notes('ManyPartsReply001')).map((note) => note.text)).toEqual(['Photo attached.'])
  })

  it('a sixth connection from one address is refused while another address gets in', async () => {
    const port = world.port()
    const held = await Promise.all(Array.from({ length: 5 }, () => openSmtp(port)))
    try {
      expect(held.map(({ first }) => first.slice(0, 3))).toEqual(['220', '220', '220', '220', '220'])
      const sixth = await openSmtp(port)
      expect(sixth.first).toMatch(/^421 .*Too many connections from your address/)
      sixth.socket.destroy()
      const other = await openSmtp(port, '127.0.0.2')
      expect(other.first).toMatch(/^220/)
      other.socket.destroy()
      // A slot given back is free again.
      const closed = new Promise((resolve) => held[0]!.socket.once('close', resolve))
      held[0]!.socket.end('QUIT\r\n')
      await closed
      await expect
        .poll(async () => {
          const again = await openSmtp(port)
          again.socket.destroy()
          return again.first.slice(0, 3)
        })
        .toBe('220')
    } finally {
      for (const { socket } of held) socket.destroy()
    }
  })

  it('a 16 KB reply of `>` and spaces is read for its own words', async () => {
    await world.fileCase('QuoteBombReply001')
    const to = await world.replyAddressFor('QuoteBombReply001')
    const text = `Thanks, it is fixed now.\n\n${'>   '.repeat(4096)}\n`
    expect(await world.send({ to, subject: 'Re', text })).toMatch(/^250/)
    expect((await notes('QuoteBombReply001')).map((note) => note.text)).toEqual(['Thanks, it is fixed now.'])
    const bare = await refusalOf(world.send({ to, subject: 'Re', text: `${'> '.repeat(8192)}\n` }))
    expect(bare.code).toBe(550)
  })
})
