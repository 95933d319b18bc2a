// Connecting as production NATS expects: an NKEY user, TLS verified against
// our own CA with a client certificate, a token or a user and password in
// BUS_URL; and no password, token or seed ever in what a refusal says.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createUser } from '@nats-io/nkeys'
import { nkeyAuthenticator } from '@nats-io/transport-node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import type { NatsBusOptions } from '../../server/bus/nats'
import { startNatsCluster } from '../support/nats-cluster'
import type { NatsCluster } from '../support/nats-cluster'
import { createTestCa, issueCertificate } from '../support/test-ca'
import type { TestCa } from '../support/test-ca'

const dir = mkdtempSync(join(tmpdir(), 'svc-nats-secure-'))
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text, { mode: 0o600 })
  return join(dir, name)
}

async function refusal(options: NatsBusOptions): Promise<string> {
  const outcome = await createNatsBus(options).then(
    async (bus) => {
      await bus.close()
      return 'connected'
    },
    (error: Error) => error.message,
  )
  expect(outcome).not.toBe('connected')
  expect(outcome).not.toContain('\n')
  return outcome
}

async function works(options: NatsBusOptions): Promise<void> {
  const bus = await createNatsBus(options)
  await bus.ensureStream('SVC_SECURE', ['secure.>'])
  expect((await bus.append('SVC_SECURE', 'secure.a', { n: 1 })).seq).toBeGreaterThan(0)
  await bus.close()
}

describe('an NKEY user (BUS_NKEY_SEED_FILE)', () => {
  const user = createUser()
  const seed = new TextDecoder().decode(user.getSeed())
  const other = new TextDecoder().decode(createUser().getSeed())
  let cluster: NatsCluster
  beforeAll(async () => {
    cluster = await startNatsCluster({
      size: 1,
      authorization: `users = [{ nkey: "${user.getPublicKey()}" }]`,
      client: { authenticator: nkeyAuthenticator(user.getSeed()) },
    })
  })
  afterAll(async () => {
    await cluster.stop()
  })

  it('connects with the seed from its file', async () => {
    await works({ url: cluster.urls, nkeySeedFile: file('user.nk', `${seed}\n`) })
  })

  it('refuses a seed the server does not know with a clear line and no secret in it', async () => {
    const line = await refusal({ url: cluster.urls, nkeySeedFile: file('other.nk', other) })
    expect(line).toContain(`connecting to ${cluster.urls} failed`)
    expect(line.toLowerCase()).toContain('authorization')
    expect(line).not.toContain(other)
    expect(line).not.toContain(other.slice(2, 20))
  })

  it('refuses a file that holds no seed, naming the file and not its contents', async () => {
    const line = await refusal({ url: cluster.urls, nkeySeedFile: file('broken.nk', 'SUnot-a-seed-at-all-hunter2') })
    expect(line).toBe(
      `[svc] [bus] BUS_NKEY_SEED_FILE ${join(dir, 'broken.nk')} holds no NKEY user seed (a line starting SU)`,
    )
  })

  it('refuses no credentials at all', async () => {
    expect((await refusal({ url: cluster.urls })).toLowerCase()).toContain('authorization')
  })
})

describe('a token or a user and password in BUS_URL', () => {
  let token: NatsCluster
  let password: NatsCluster
  beforeAll(async () => {
    ;[token, password] = await Promise.all([
      startNatsCluster({ size: 1, authorization: 'token: "s3cret-t0ken"', client: { token: 's3cret-t0ken' } }),
      startNatsCluster({
        size: 1,
        authorization: 'user: svc, password: "pa55-word"',
        client: { user: 'svc', pass: 'pa55-word' },
      }),
    ])
  })
  afterAll(async () => {
    await Promise.all([token.stop(), password.stop()])
  })

  it('connects with either', async () => {
    await works({ url: token.urls.replace('nats://', 'nats://s3cret-t0ken@') })
    await works({ url: password.urls.replace('nats://', 'nats://svc:pa55-word@') })
  })

  it('names the server and never the wrong password or token when refused', async () => {
    const wrongToken = await refusal({ url: token.urls.replace('nats://', 'nats://wr0ng-t0ken@') })
    const wrongPassword = await refusal({ url: password.urls.replace('nats://', 'nats://svc:wr0ng-pa55@') })
    expect(wrongToken).toContain(`connecting to ${token.urls} failed`)
    expect(wrongPassword).toContain(`connecting to ${password.urls} failed`)
    for (const line of [wrongToken, wrongPassword]) expect(line).not.toMatch(/wr0ng|pa55|t0ken/)
  })
})

describe('TLS (tls:// with BUS_TLS_CA, BUS_TLS_CERT, BUS_TLS_KEY)', () => {
  let ca: TestCa
  let stranger: TestCa
  let cluster: NatsCluster
  let untrusted: NatsCluster
  let client: { cert: string; key: string }
  beforeAll(async () => {
    ca = createTestCa()
    stranger = createTestCa()
    // A server certificate for localhost (the client checks a TLS server by
    // name) and a client certificate, both from the CA, for mutual TLS.
    for (const of of [ca, stranger])
      issueCertificate(of, 'nats', '/CN=localhost', 'subjectAltName=DNS:localhost,IP:127.0.0.1')
    issueCertificate(ca, 'client', '/CN=svc', 'extendedKeyUsage=clientAuth')
    client = { cert: join(ca.dir, 'client.crt'), key: join(ca.dir, 'client.key') }
    const tls = (of: TestCa) =>
      `cert_file: "${join(of.dir, 'nats.crt')}", key_file: "${join(of.dir, 'nats.key')}", ` +
      `ca_file: "${of.caFile}", verify: true`
    const testClient = (of: TestCa) => ({ tls: { caFile: of.caFile, certFile: client.cert, keyFile: client.key } })
    ;[cluster, untrusted] = await Promise.all([
      startNatsCluster({ size: 1, tls: tls(ca), client: testClient(ca) }),
      startNatsCluster({
        size: 1,
        tls: `${tls(stranger)}`.replace('verify: true', 'verify: false'),
        client: { tls: { caFile: stranger.caFile } },
      }),
    ])
  })
  afterAll(async () => {
    await Promise.all([cluster.stop(), untrusted.stop()])
  })

  const named = (urls: string) => urls.replaceAll('127.0.0.1', 'localhost')

  it('connects over TLS with the CA and a client certificate', async () => {
    expect(cluster.urls).toMatch(/^tls:\/\//)
    await works({ url: named(cluster.urls), tlsCa: ca.caFile, tlsCert: client.cert, tlsKey: client.key })
  })

  it('refuses a server the CA does not vouch for', async () => {
    const line = await refusal({
      url: named(untrusted.urls),
      tlsCa: ca.caFile,
      tlsCert: client.cert,
      tlsKey: client.key,
    })
    expect(line).toContain(`connecting to ${named(untrusted.urls)} failed`)
  })
})
