// The root script run for real on a temporary host with tarballs .ci/pack
// made: install, flip, serve, upgrade, a broken release flipped back on its
// own, a revert by deploying the older tag (SPEC 9.5 to 9.7).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  BROKEN_SERVER,
  createDeployHost,
  fakeRelease,
  fakeServer,
  packFromOutput,
  runDeploy,
  type DeployHost,
} from '../support/deploy-host'
import { DEMO, freePort } from '../support/server'

// A deploy unpacks 160 MB and waits for the service to be ready.
vi.setConfig({ testTimeout: 120_000 })

let host: DeployHost
let port: number
const tarballs: Record<string, string> = {}
const ENV = `CONTENT_REPO=${DEMO}\nSITE_NAME=Alpha site\nOAUTH2_CLIENT_SECRET=s3cret-value\n`

beforeAll(async () => {
  host = createDeployHost()
  port = await freePort()
  host.addInstance('alpha', port, 'alpha.example.org', 'www.alpha.example.org')
  const [first, second] = await Promise.all([packFromOutput('0.0.1'), packFromOutput('0.0.2')])
  tarballs['v0.0.1'] = first
  tarballs['v0.0.2'] = second
  tarballs['v0.0.3'] = fakeRelease(host.dir, 'v0.0.3', BROKEN_SERVER)
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
    expect(readFileSync(join(host.dir, 'reloads'), 'utf8')).toBe('alpha\n')
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
    const tarball = fakeRelease(beta.dir, 'v1.0.0', fakeServer('ok'))
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
    const tarball = fakeRelease(beta.dir, 'v1.0.0', fakeServer('ok'))
    const env = join(beta.root, 'beta/env')
    const before = readFileSync(env, 'utf8')
    const result = await runDeploy(beta, ['beta', 'v1.0.0', tarball], 'SITE_NAME=broken\n', { SVC_HEALTH_SECONDS: '4' })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('releases/v1.0.0 is serving again')
    expect(readFileSync(env, 'utf8')).toBe(before)
    expect(beta.current('beta')).toBe('releases/v1.0.0')
    expect(await (await fetch(`http://127.0.0.1:${betaPort}/`)).text()).toBe('ok')
  })

  it('keeps the last five releases deployed and removes older ones', async () => {
    for (let minor = 1; minor <= 6; minor++) {
      const tag = `v1.${minor}.0`
      expect((await runDeploy(beta, ['beta', tag, fakeRelease(beta.dir, tag, fakeServer(tag))])).code).toBe(0)
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
