// The root script run for real on a temporary host with tarballs .ci/pack
// made: install, flip, serve, upgrade, a broken release flipped back on its
// own, a revert by deploying the older tag (SPEC 9.5 to 9.7); the service and
// its mailer deployed, checked and flipped back together.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
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
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { DEMO, freePort } from '../support/server'
import { startSmtpServer, type TestSmtp } from '../support/smtp-server'

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
