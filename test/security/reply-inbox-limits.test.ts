// The reply inbox's limits on time (issue 24 item 3): a message that takes too
// long to read is answered 451 and kept nowhere; a client that owes a command
// too long, or holds a session too long, is told 421 and let go. Each limit is
// shortened here so the test does not wait out the real one.
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { refusalOf, useReplyWorld } from '../mail/reply-world'

/** Everything the server says on a connection that sends nothing, until it closes. */
function listenUntilClosed(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port })
    let text = ''
    socket.on('error', reject)
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString()
    })
    socket.on('close', () => resolve(text))
  })
}

describe('Security: the reply inbox parses within a time limit', () => {
  const world = useReplyWorld('local', { maxBytes: 4 * 1024 * 1024, parseMs: 1 })

  it('a reply that takes longer to read than the limit is answered 451 and noted nowhere', async () => {
    await world.fileCase('SlowToParseReply1')
    const to = await world.replyAddressFor('SlowToParseReply1')
    const text = `Still broken.\n${'a long line of words that takes a while to read '.repeat(40_000)}`
    const refused = await refusalOf(world.send({ to, subject: 'Re', text }))
    expect(refused.code).toBe(451)
    expect(refused.text).toContain('too long to read')
    const { history } = await world.history('SlowToParseReply1')
    expect(history.filter((entry) => entry.type === 'noted')).toEqual([])
  })
})

describe('Security: the reply inbox lets idle and long sessions go', () => {
  const world = useReplyWorld('local', { idleMs: 300, sessionMs: 60_000 })

  it('a client that sends nothing after the greeting is told 421 and disconnected', async () => {
    const said = await listenUntilClosed(world.port())
    expect(said).toMatch(/^220 /)
    expect(said).toMatch(/\r\n421 /)
  })
})

describe('Security: the reply inbox ends a session that lasts too long', () => {
  const world = useReplyWorld('local', { sessionMs: 300 })

  it('a session past its limit is told 421 and closed, however busy it keeps', async () => {
    const said = await listenUntilClosed(world.port())
    expect(said).toMatch(/^220 /)
    expect(said).toMatch(/421 4\.4\.2 Session too long/)
  })
})
