// Mail: each transport behind the one interface, and what the SMTP server's
// answers mean for a mail (SPEC 1 rule 4: mail is delivered by the mailer).
import { simpleParser } from 'mailparser'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createOutboxTransport } from '../../server/mail/outbox-transport'
import { createSmtpTransport } from '../../server/mail/smtp-transport'
import { MailRefusal } from '../../server/mail/transport'
import { freePort } from '../support/server'
import { startSmtpServer, type TestSmtp } from '../support/smtp-server'
import { runTransportContract, sample } from './transport-contract'

const servers: TestSmtp[] = []
const dirs: string[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

async function smtp() {
  const server = await startSmtpServer()
  servers.push(server)
  return { server, transport: createSmtpTransport({ url: server.url, connections: 2, timeoutMs: 2000 }) }
}

runTransportContract('smtp', async () => {
  const { server, transport } = await smtp()
  return { transport, received: async () => server.received }
})

runTransportContract('outbox', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-outbox-'))
  dirs.push(dir)
  return {
    transport: createOutboxTransport(dir),
    received: () => Promise.all(readdirSync(dir).map((name) => simpleParser(readFileSync(join(dir, name))))),
  }
})

describe('Mail delivery: what an SMTP answer means', () => {
  it('a 5xx answer is a permanent refusal', async () => {
    const { server, transport } = await smtp()
    server.refuse(550, 'no such user here')
    const refusal = await transport.send(sample).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(MailRefusal)
    expect((refusal as MailRefusal).permanent).toBe(true)
    expect((refusal as MailRefusal).message).toContain('no such user here')
    transport.close()
  })

  it('a 4xx answer and a server that is not there are temporary', async () => {
    const { server, transport } = await smtp()
    server.refuse(451, 'try again later')
    const busy = await transport.send(sample).catch((error: unknown) => error)
    expect((busy as MailRefusal).permanent).toBe(false)
    transport.close()
    const nobody = createSmtpTransport({ url: `smtp://127.0.0.1:${await freePort()}`, connections: 1, timeoutMs: 2000 })
    const refused = await nobody.send(sample).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(MailRefusal)
    expect((refused as MailRefusal).permanent).toBe(false)
    nobody.close()
  })
})
