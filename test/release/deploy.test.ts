// The root script run for real on a temporary host with tarballs .ci/pack
// made: install, flip, serve, upgrade, a broken release flipped back on its
// own, a revert by deploying the older tag (SPEC 9.5 to 9.7); the service and
// its mailer deployed, checked and flipped back together; the bus's cluster
// and security settings handed to both (issue 27 on a host).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { jetstreamManager } from '@nats-io/jetstream'
import { createUser } from '@nats-io/nkeys'
import { connect, nkeyAuthenticator } from '@nats-io/transport-node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  BROKEN_SERVER,
  createDeployHost,
  fakeMailer,
  fakeRelease,
  fakeServer,
  packFromOutput,
  runDeploy,
  type DeployHost,
} from '../support/deploy-host'
import { startNatsCluster, type NatsCluster } from '../support/nats-cluster'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { DEMO, freePort } from '../support/server'
import { startSmtpServer, type TestSmtp } from '../support/smtp-server'
import { createTestCa, issueCertificate, type TestCa } from '../support/test-ca'

// A deploy unpacks 160 MB and waits for the service to be ready.
vi.setConfig({ testTimeout: 120_000 })

let host: DeployHost
let port: number
const tarballs: Record<string, string> = {}
const ENV = `CONTENT_REPO=${DEMO}\nPUBLIC_URL=https://alpha.example.org\nOAUTH2_CLIENT_SECRET=s3cret-value\n`

beforeAll(async () => {
  host = createDeployHost()
  port = await freePort()
  host.addInstance('alpha', port, 'alpha.example.org', 'www.alpha.example.org')
  const [first, second] = await Promise.all([packFromOutput('0.0.1'), packFromOutput('0.0.2')])
  tarballs['v0.0.1'] = host.download(first)
  tarballs['v0.0.2'] = host.download(second)
  tarballs['v0.0.3'] = fakeRelease(host, 'v0.0.3', BROKEN_SERVER)
}, 240_000)
afterAll(() => host.stop())

const deploy = (tag: string, seconds = '30') =>
  runDeploy(host, ['alpha', tag, tarballs[tag] ?? ''], ENV, { SVC_HEALTH_SECONDS: seconds })
const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`)
const release = (tag: string) => join(host.root, 'alpha/releases', tag)

describe('SPEC 9.6: "installs it under /srv/app/<instance>/releases/<tag>, flips current, rewrites the instance env, restarts the instance and refreshes the reverse-proxy route"', () => {
  it('installs the packed release, flips current to it and serves the demo site from it', async () => {
    const result = await deploy('v0.0.1')
    expect(result.stderr).toContain('alpha runs v0.0.1')
    expect(result.code).toBe(0)
    expect(host.current('alpha')).toBe('releases/v0.0.1')
    expect(host.running('alpha')).toBe(release('v0.0.1'))
    expect(readFileSync(join(release('v0.0.1'), 'VERSION'), 'utf8')).toBe('0.0.1\n')
    // Nothing above the release to lean on: no node_modules, no npm install.
    expect(existsSync(join(host.root, 'node_modules'))).toBe(false)
    expect((await get('/readyz')).status).toBe(200)
    const home = await get('/')
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('<html')
  })

  it('writes the instance env with mode 0600: the lines given, then DATA_DIR, HOST and PORT', () => {
    const env = join(host.root, 'alpha/env')
    expect(statSync(env).mode & 0o777).toBe(0o600)
    expect(readFileSync(env, 'utf8')).toBe(
      `${ENV}DATA_DIR=${join(host.root, 'alpha/data')}\nHOST=127.0.0.1\nPORT=${port}\n`,
    )
  })

  it('writes the instance Caddy route from the list and reloads the proxy', () => {
    expect(readFileSync(join(host.dir, 'etc/caddy/alpha.caddy'), 'utf8')).toBe(
      `# alpha: written by svc-deploy from ${join(host.dir, 'etc')}/instances\n` +
        `alpha.example.org, www.alpha.example.org {\n\treverse_proxy 127.0.0.1:${port}\n}\n`,
    )
    expect(readFileSync(join(host.dir, 'reloads'), 'utf8')).toBe('caddy\n')
  })

  it('deploys a second release: current flips, the new one serves', async () => {
    const result = await deploy('v0.0.2')
    expect(result.code).toBe(0)
    expect(host.current('alpha')).toBe('releases/v0.0.2')
    expect(host.running('alpha')).toBe(release('v0.0.2'))
    expect((await get('/readyz')).status).toBe(200)
  })

  it('a release whose service does not start is flipped back on its own, the old one serving, and the deploy fails', async () => {
    const result = await deploy('v0.0.3', '8')
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`v0.0.3 did not answer http://127.0.0.1:${port}/readyz`)
    expect(result.stderr).toContain('flipped back to releases/v0.0.2')
    expect(result.stderr).toContain('releases/v0.0.2 is serving again')
    expect(host.current('alpha')).toBe('releases/v0.0.2')
    expect(host.running('alpha')).toBe(release('v0.0.2'))
    expect((await get('/readyz')).status).toBe(200)
    expect(readFileSync(join(host.root, 'alpha/deploys.log'), 'utf8')).toMatch(/ alpha v0\.0\.3 failed-flipped-back\n$/)
  })

  it('SPEC 9.5: "Reverting means reverting that commit": deploying the older tag again serves it, from the release kept', async () => {
    const result = await deploy('v0.0.1')
    expect(result.code).toBe(0)
    expect(host.current('alpha')).toBe('releases/v0.0.1')
    expect(host.running('alpha')).toBe(release('v0.0.1'))
    expect((await get('/readyz')).status).toBe(200)
  })
})

describe('around the deploy', () => {
  let beta: DeployHost
  let betaPort: number
  beforeAll(async () => {
    beta = createDeployHost()
    betaPort = await freePort()
    beta.addInstance('beta', betaPort, 'beta.example.org')
  })
  afterAll(() => beta.stop())

  it('SPEC 9.7: "the instance is health-checked without a forwarded header", straight at 127.0.0.1:<port>/readyz', async () => {
    const tarball = fakeRelease(beta, 'v1.0.0', fakeServer('ok'))
    expect((await runDeploy(beta, ['beta', 'v1.0.0', tarball])).code).toBe(0)
    const requests = readFileSync(join(beta.root, 'beta/data/requests.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { url: string; headers: Record<string, string> })
    expect(requests.length).toBeGreaterThan(0)
    for (const { url, headers } of requests) {
      expect(url).toBe('/readyz')
      expect(headers.host).toBe(`127.0.0.1:${betaPort}`)
      expect(
        Object.keys(headers).filter((h) => h.startsWith('x-forwarded') || h === 'forwarded' || h === 'x-real-ip'),
      ).toEqual([])
    }
  })

  it('a redeploy of the release in service with an env it cannot start on brings the old env back, still serving', async () => {
    const tarball = fakeRelease(beta, 'v1.0.0', fakeServer('ok'))
    const env = join(beta.root, 'beta/env')
    const before = readFileSync(env, 'utf8')
    const result = await runDeploy(beta, ['beta', 'v1.0.0', tarball], 'CONTENT_BRANCH=broken\n', {
      SVC_HEALTH_SECONDS: '4',
    })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('releases/v1.0.0 is serving again')
    expect(readFileSync(env, 'utf8')).toBe(before)
    expect(beta.current('beta')).toBe('releases/v1.0.0')
    expect(await (await fetch(`http://127.0.0.1:${betaPort}/`)).text()).toBe('ok')
  })

  it('keeps the last five releases deployed and removes older ones', async () => {
    for (let minor = 1; minor <= 6; minor++) {
      const tag = `v1.${minor}.0`
      expect((await runDeploy(beta, ['beta', tag, fakeRelease(beta, tag, fakeServer(tag))])).code).toBe(0)
    }
    expect(readdirSync(join(beta.root, 'beta/releases')).sort()).toEqual([
      'v1.2.0',
      'v1.3.0',
      'v1.4.0',
      'v1.5.0',
      'v1.6.0',
    ])
    expect(await (await fetch(`http://127.0.0.1:${betaPort}/`)).text()).toBe('v1.6.0')
  })
})

describe('SPEC 1.4: "Mail is delivered by a separate unit on the same host": the service and its mailer, one release', () => {
  let gamma: DeployHost
  let nats: NatsServer
  let smtp: TestSmtp
  let servicePort: number
  let mailerPort: number
  let env: string
  beforeAll(async () => {
    ;[nats, smtp] = await Promise.all([startNatsServer(), startSmtpServer()])
    gamma = createDeployHost()
    ;[servicePort, mailerPort] = [await freePort(), await freePort()]
    gamma.addInstance('gamma', servicePort, mailerPort, 'gamma.example.org')
    gamma.download(await packFromOutput('0.0.1'))
    env =
      `CONTENT_REPO=${DEMO}\nBUS_URL=${nats.url}\nPUBLIC_URL=https://gamma.example.org\n` +
      `SMTP_URL=${smtp.url}\nMAIL_FROM=site@gamma.example.org\nSITE_NAME=Gamma\n`
  }, 120_000)
  afterAll(async () => {
    gamma.stop()
    await Promise.all([nats.stop(), smtp.stop()])
  })
  const home = (file: string) => join(gamma.root, 'gamma', file)
  const deploy = (tag: string, input = env, seconds = '30') =>
    runDeploy(gamma, ['gamma', tag, join(gamma.downloads, `svc-${tag}.tar.gz`)], input, { SVC_HEALTH_SECONDS: seconds })

  it('deploys both units from the release, each with an env file of its own settings, and checks both', async () => {
    const result = await deploy('v0.0.1')
    expect(result.stderr).toContain('gamma runs v0.0.1')
    expect(result.code).toBe(0)
    expect(gamma.running('gamma')).toBe(join(home('releases'), 'v0.0.1'))
    expect(gamma.runningMailer('gamma')).toBe(join(home('releases'), 'v0.0.1'))
    expect((await fetch(`http://127.0.0.1:${mailerPort}/healthz`)).status).toBe(200)
    expect(readFileSync(home('env'), 'utf8')).toBe(
      `CONTENT_REPO=${DEMO}\nBUS_URL=${nats.url}\nPUBLIC_URL=https://gamma.example.org\n` +
        `DATA_DIR=${home('data')}\nHOST=127.0.0.1\nPORT=${servicePort}\n`,
    )
    expect(readFileSync(home('mailer.env'), 'utf8')).toBe(
      `BUS_URL=${nats.url}\nSMTP_URL=${smtp.url}\nMAIL_FROM=site@gamma.example.org\nSITE_NAME=Gamma\n` +
        `HOST=127.0.0.1\nMAILER_PORT=${mailerPort}\n`,
    )
    expect(statSync(home('mailer.env')).mode & 0o777).toBe(0o600)
    expect(readFileSync(join(gamma.dir, 'systemctl.log'), 'utf8')).toContain('restart svc@gamma svc-mailer@gamma\n')
  })

  it('a release whose mailer does not come up flips back the service too: both run the previous release', async () => {
    fakeRelease(gamma, 'v0.0.4', fakeServer('v0.0.4'), { 'mailer/index.mjs': BROKEN_SERVER })
    // The previous release's service, on NATS, takes a while to be ready again on a busy machine.
    const result = await deploy('v0.0.4', env, '20')
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`v0.0.4 (mailer) did not answer http://127.0.0.1:${mailerPort}/healthz`)
    expect(result.stderr).toContain('releases/v0.0.1 is serving again')
    expect(gamma.current('gamma')).toBe('releases/v0.0.1')
    expect(gamma.running('gamma')).toBe(join(home('releases'), 'v0.0.1'))
    expect(gamma.runningMailer('gamma')).toBe(join(home('releases'), 'v0.0.1'))
    expect((await fetch(`http://127.0.0.1:${servicePort}/readyz`)).status).toBe(200)
    expect((await fetch(`http://127.0.0.1:${mailerPort}/healthz`)).status).toBe(200)
  })

  it('a release whose service does not come up flips back the mailer too, with the env files it ran on', async () => {
    const before = [readFileSync(home('env'), 'utf8'), readFileSync(home('mailer.env'), 'utf8')]
    fakeRelease(gamma, 'v0.0.5', BROKEN_SERVER, { 'mailer/index.mjs': fakeMailer('v0.0.5') })
    const result = await deploy('v0.0.5', env.replace('SITE_NAME=Gamma', 'SITE_NAME=Gamma two'), '20')
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`v0.0.5 did not answer http://127.0.0.1:${servicePort}/readyz`)
    expect(gamma.runningMailer('gamma')).toBe(join(home('releases'), 'v0.0.1'))
    expect([readFileSync(home('env'), 'utf8'), readFileSync(home('mailer.env'), 'utf8')]).toEqual(before)
    expect((await fetch(`http://127.0.0.1:${mailerPort}/healthz`)).status).toBe(200)
  })

  it('the mailer is checked straight at 127.0.0.1:<MAILER_PORT>/healthz, without a forwarded header', async () => {
    fakeRelease(gamma, 'v0.0.6', fakeServer('v0.0.6'), { 'mailer/index.mjs': fakeMailer('v0.0.6') })
    expect((await deploy('v0.0.6')).code).toBe(0)
    const requests = readFileSync(home('mailer-requests.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { url: string; headers: Record<string, string> })
    expect(requests.length).toBeGreaterThan(0)
    for (const { url, headers } of requests) {
      expect(url).toBe('/healthz')
      expect(headers.host).toBe(`127.0.0.1:${mailerPort}`)
      expect(Object.keys(headers).filter((h) => h.includes('forwarded') || h === 'x-real-ip')).toEqual([])
    }
  })

  it('refuses, writing nothing, an instance with a mailer but no SMTP_URL, and SMTP_URL for one without', async () => {
    const without = await deploy('v0.0.6', env.replace(/^SMTP_URL=.*\n/m, ''))
    expect(without.code).toBe(2)
    expect(without.stderr).toContain(
      `gamma runs a mailer (${join(gamma.dir, 'etc')}/instances gives it port ${mailerPort}) but SMTP_URL is not given`,
    )
    const beta = createDeployHost()
    try {
      beta.addInstance('beta', await freePort(), 'beta.example.org')
      const tarball = fakeRelease(beta, 'v1.0.0', fakeServer('ok'))
      const refused = await runDeploy(beta, ['beta', 'v1.0.0', tarball], `SMTP_URL=${smtp.url}\n`)
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain('gives beta no mailer port')
      expect(existsSync(beta.root)).toBe(false)
    } finally {
      beta.stop()
    }
  })
})

describe('issue 27 on a host: BUS_REPLICAS, the NKEY seed and the TLS files reach both units', () => {
  const user = createUser()
  const seed = new TextDecoder().decode(user.getSeed())
  let delta: DeployHost
  let ca: TestCa
  let cluster: NatsCluster
  let smtp: TestSmtp
  let servicePort: number
  let mailerPort: number
  let env: string
  const pem = (name: string) => readFileSync(join(ca.dir, name), 'utf8')
  // The deploy workflow sends PEM text base64-encoded on one line.
  const base64 = (text: string) => Buffer.from(text).toString('base64')
  beforeAll(async () => {
    ca = createTestCa()
    // The client checks a tls:// server by its name: the URLs say localhost.
    issueCertificate(ca, 'nats', '/CN=localhost', 'subjectAltName=DNS:localhost')
    issueCertificate(ca, 'client', '/CN=svc', 'extendedKeyUsage=clientAuth')
    ;[cluster, smtp] = await Promise.all([
      startNatsCluster({
        size: 3,
        authorization: `users = [{ nkey: "${user.getPublicKey()}" }]`,
        tls:
          `cert_file: "${join(ca.dir, 'nats.crt')}", key_file: "${join(ca.dir, 'nats.key')}", ` +
          `ca_file: "${ca.caFile}", verify: true`,
        client: {
          authenticator: nkeyAuthenticator(user.getSeed()),
          tls: { caFile: ca.caFile, certFile: join(ca.dir, 'client.crt'), keyFile: join(ca.dir, 'client.key') },
        },
      }),
      startSmtpServer(),
    ])
    delta = createDeployHost()
    ;[servicePort, mailerPort] = [await freePort(), await freePort()]
    delta.addInstance('delta', servicePort, mailerPort, 'delta.example.org')
    delta.download(await packFromOutput('0.0.1'))
    env =
      `CONTENT_REPO=${DEMO}\nBUS_URL=${cluster.urls.replaceAll('127.0.0.1', 'localhost')}\n` +
      `PUBLIC_URL=https://delta.example.org\nSMTP_URL=${smtp.url}\nMAIL_FROM=site@delta.example.org\n` +
      `BUS_REPLICAS=3\nBUS_NKEY_SEED=${seed}\nBUS_TLS_CA=${base64(pem('ca.crt'))}\n` +
      `BUS_TLS_CERT=${base64(pem('client.crt'))}\nBUS_TLS_KEY=${base64(pem('client.key'))}\n`
  }, 180_000)
  afterAll(async () => {
    delta.stop()
    await Promise.all([cluster.stop(), smtp.stop()])
  })
  const home = (file: string) => join(delta.root, 'delta', file)
  const deploy = (tag: string, input: string, seconds = '60') =>
    runDeploy(delta, ['delta', tag, join(delta.downloads, `svc-${tag}.tar.gz`)], input, { SVC_HEALTH_SECONDS: seconds })
  const BUS_LINES =
    'BUS_REPLICAS=3\nBUS_NKEY_SEED_FILE=bus_nkey-seed\nBUS_TLS_CA=bus_tls-ca.pem\n' +
    'BUS_TLS_CERT=bus_tls-cert.pem\nBUS_TLS_KEY=bus_tls-key.pem\n'

  it('both units connect with the seed and the client certificate, and keep three copies of every stream', async () => {
    const result = await deploy('v0.0.1', env)
    expect(result.stderr).toContain('delta runs v0.0.1')
    expect(result.code).toBe(0)
    expect((await fetch(`http://127.0.0.1:${servicePort}/readyz`)).status).toBe(200)
    expect((await fetch(`http://127.0.0.1:${mailerPort}/healthz`)).status).toBe(200)
    const startLine = (log: string) =>
      readFileSync(home(log), 'utf8')
        .split('\n')
        .find((line) => line.includes('[svc] [start]'))
    expect(startLine('env.log')).toContain('busReplicas 3')
    expect(startLine('mailer.env.log')).toContain('busReplicas 3')
    const nc = await connect({
      servers: cluster.nodes.map((node) => node.url),
      authenticator: nkeyAuthenticator(user.getSeed()),
      tls: { caFile: ca.caFile, certFile: join(ca.dir, 'client.crt'), keyFile: join(ca.dir, 'client.key') },
    })
    try {
      const jsm = await jetstreamManager(nc)
      for (const stream of ['SVC_RECORDS', 'SVC_MAIL'])
        expect((await jsm.streams.info(stream)).config.num_replicas, stream).toBe(3)
    } finally {
      await nc.close()
    }
  })

  it('each env file names the credentials, never a seed or a key; the files are root-only, as given', () => {
    const serviceEnv = readFileSync(home('env'), 'utf8')
    const mailerEnv = readFileSync(home('mailer.env'), 'utf8')
    expect(serviceEnv).toContain(BUS_LINES)
    expect(mailerEnv).toContain(BUS_LINES)
    for (const text of [serviceEnv, mailerEnv]) {
      expect(text).not.toContain(seed)
      expect(text).not.toContain('PRIVATE KEY')
      expect(text).not.toContain(base64(pem('client.key')).slice(0, 40))
    }
    expect(statSync(home('credentials')).mode & 0o777).toBe(0o700)
    expect(readdirSync(home('credentials')).sort()).toEqual(['nkey-seed', 'tls-ca.pem', 'tls-cert.pem', 'tls-key.pem'])
    for (const file of readdirSync(home('credentials'))) {
      expect(statSync(join(home('credentials'), file)).mode & 0o777, file).toBe(0o600)
    }
    expect(readFileSync(home('credentials/nkey-seed'), 'utf8')).toBe(`${seed}\n`)
    expect(readFileSync(home('credentials/tls-key.pem'), 'utf8')).toBe(pem('client.key'))
    expect(readFileSync(home('credentials/tls-ca.pem'), 'utf8')).toBe(pem('ca.crt'))
    for (const log of ['env.log', 'mailer.env.log']) expect(readFileSync(home(log), 'utf8')).not.toContain(seed)
  })

  it('systemd hands both units the same files through LoadCredential=, the mailer with its dynamic user too', () => {
    for (const unit of ['svc@delta', 'svc-mailer@delta']) {
      const handed = join(delta.dir, 'credentials', unit)
      expect(readdirSync(handed).sort(), unit).toEqual([
        'bus_nkey-seed',
        'bus_tls-ca.pem',
        'bus_tls-cert.pem',
        'bus_tls-key.pem',
      ])
      expect(readFileSync(join(handed, 'bus_nkey-seed'), 'utf8')).toBe(`${seed}\n`)
      expect(readFileSync(join(handed, 'bus_tls-cert.pem'), 'utf8')).toBe(pem('client.crt'))
    }
    for (const template of ['svc@.service', 'svc-mailer@.service'])
      expect(readFileSync(join(delta.units, template), 'utf8')).toContain(
        'LoadCredential=bus:/srv/app/%i/credentials\n',
      )
  })

  it('a release that does not come up is flipped back with the files the one before ran on', async () => {
    fakeRelease(delta, 'v0.0.7', BROKEN_SERVER, { 'mailer/index.mjs': fakeMailer('v0.0.7') })
    const other = new TextDecoder().decode(createUser().getSeed())
    const result = await deploy('v0.0.7', env.replace(seed, other), '20')
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('releases/v0.0.1 is serving again')
    expect(result.stderr).not.toContain(other)
    expect(readFileSync(home('credentials/nkey-seed'), 'utf8')).toBe(`${seed}\n`)
    expect(existsSync(home('credentials.previous'))).toBe(false)
    expect((await fetch(`http://127.0.0.1:${servicePort}/readyz`)).status).toBe(200)
    expect((await fetch(`http://127.0.0.1:${mailerPort}/healthz`)).status).toBe(200)
  })

  it('a deploy without bus files leaves the credentials folder empty, for the units to load', async () => {
    fakeRelease(delta, 'v0.0.8', fakeServer('v0.0.8'), { 'mailer/index.mjs': fakeMailer('v0.0.8') })
    const plain = env.replace(/^BUS_(NKEY_SEED|TLS_\w+)=.*\n/gm, '')
    expect((await deploy('v0.0.8', plain)).code).toBe(0)
    expect(readdirSync(home('credentials'))).toEqual([])
    expect(readFileSync(home('env'), 'utf8')).not.toContain('BUS_TLS')
    expect(readdirSync(join(delta.dir, 'credentials/svc-mailer@delta'))).toEqual([])
  })
})
