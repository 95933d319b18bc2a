// The root script a CI runner may run through sudo (SPEC 9.6): every input it
// is handed is hostile until checked, and nothing is written before it is.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { createUser } from '@nats-io/nkeys'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BROKEN_SERVER,
  createDeployHost,
  fakeRelease,
  fakeServer,
  rawTarball,
  runDeploy,
  sign,
  type DeployHost,
  type RawEntry,
} from '../support/deploy-host'
import { freePort } from '../support/server'

let host: DeployHost
let good: string
const ENV = 'CONTENT_REPO=owner/site\nPUBLIC_URL=https://one.example.org\n'

beforeAll(async () => {
  host = createDeployHost()
  host.addInstance('one', await freePort(), 'one.example.org')
  good = fakeRelease(host, 'v1.0.0', fakeServer('one'))
})
afterAll(() => host.stop())

/** Nothing of the instance exists yet: a refusal must leave it so. */
function untouched(): void {
  expect(existsSync(host.root)).toBe(false)
}

describe('SPEC 9.6: "checks the instance against a fixed list and the tag against a release-tag shape"', () => {
  for (const tag of ['v1.2', '1.2.3', 'v1.2.3-rc1', 'v1.2.3; rm -rf /', 'v1.2.3\n', '']) {
    it(`refuses the tag ${JSON.stringify(tag)} before touching disk`, async () => {
      const result = await runDeploy(host, ['one', tag, good], ENV)
      expect(result.code).toBe(2)
      expect(result.stderr).toMatch(/refused: (tag .* is not vMAJOR\.MINOR\.PATCH|usage)/)
      untouched()
    })
  }

  for (const instance of ['two', '../one', 'one/../one', 'One', '-one', '']) {
    it(`refuses the instance ${JSON.stringify(instance)}, not on the list or not a name`, async () => {
      const result = await runDeploy(host, [instance, 'v1.0.0', good], ENV)
      expect(result.code).toBe(2)
      expect(result.stderr).toMatch(/refused: instance .*(is not an instance name|is not on)/)
      untouched()
    })
  }

  it('takes no other arguments', async () => {
    expect((await runDeploy(host, ['one', 'v1.0.0'], ENV)).code).toBe(2)
    expect((await runDeploy(host, ['one', 'v1.0.0', good, 'extra'], ENV)).code).toBe(2)
    untouched()
  })
})

describe('the instance env from standard input', () => {
  const cases: [string, string, RegExp][] = [
    ['a name outside the allow-list', 'NODE_OPTIONS=--require /tmp/evil.js\n', /NODE_OPTIONS is not on the allow-list/],
    ['a setting the deploy makes itself', 'DATA_DIR=/\n', /DATA_DIR is not on the allow-list/],
    ['development mode', 'SVC_MODE=development\n', /SVC_MODE is not on the allow-list/],
    ['a value with a line break', 'PUBLIC_URL=x\nEVIL=1 one\n', /EVIL is not on the allow-list/],
    ['a value continued on the next line', 'PUBLIC_URL=x\n two\n', /line 2 is not NAME=VALUE/],
    ['a carriage return in a value', 'PUBLIC_URL=x\rNODE_OPTIONS=x\n', /control character/],
    ['a backslash in a value', 'PUBLIC_URL=a\\nb\n', /backslash/],
    ['a name given twice', 'PUBLIC_URL=a\nPUBLIC_URL=b\n', /PUBLIC_URL twice/],
    ['a mailer port the list does not give', 'MAILER_PORT=25\n', /env MAILER_PORT=25 but .* mailer port none/],
    ['a lower-case name', 'site_name=a\n', /not NAME=VALUE/],
    ['a PORT other than the list says', 'PORT=1\n', /env PORT=1 but/],
    ['DOMAINS other than the list says', 'DOMAINS=evil.example.org\n', /env DOMAINS differ/],
  ]
  for (const [what, input, message] of cases) {
    it(`refuses ${what}, writing nothing`, async () => {
      const result = await runDeploy(host, ['one', 'v1.0.0', good], input)
      expect(result.code).toBe(2)
      expect(result.stderr).toMatch(message)
      untouched()
    })
  }
})

describe('issue 27: the bus seed and TLS files come as values, checked for what they are and never shown', () => {
  const seed = new TextDecoder().decode(createUser().getSeed())
  const base64 = (text: string) => Buffer.from(text).toString('base64')
  // Made-up bodies: the deploy checks the shape of PEM text, the bus client its meaning.
  const body = 'S3cretKeyBodyLineOnlyTheKeyHolds0123456789abcdefghijklmnopqrstuvw'
  const block = (label: string, line = body) =>
    `-----BEGIN ${label}-----\n${line}\n${line.slice(0, 20)}==\n-----END ${label}-----\n`
  const key = block('PRIVATE KEY')
  const cases: [string, string, RegExp, string][] = [
    [
      'a seed with shell words after it',
      `BUS_NKEY_SEED=${seed}; rm -rf /\n`,
      /BUS_NKEY_SEED is not an NKEY user seed/,
      seed,
    ],
    [
      'a command in place of a seed',
      'BUS_NKEY_SEED=$(cat /etc/shadow)\n',
      /BUS_NKEY_SEED is not an NKEY user seed/,
      'shadow',
    ],
    [
      'a seed broken over two lines',
      `BUS_NKEY_SEED=${seed.slice(0, 30)}\n${seed.slice(30)}\n`,
      /env line 3: BUS_NKEY_SEED is not an NKEY user seed/,
      seed.slice(2, 30),
    ],
    [
      'a path in place of a seed',
      'BUS_NKEY_SEED=/etc/svc/nats.nk\n',
      /BUS_NKEY_SEED is not an NKEY user seed/,
      'nats.nk',
    ],
    ['a seed file path', 'BUS_NKEY_SEED_FILE=/etc/shadow\n', /BUS_NKEY_SEED_FILE is the deploy's to write/, 'shadow'],
    [
      'a path in place of a CA',
      'BUS_TLS_CA=/etc/ssl/certs/ca-certificates.crt\n',
      /BUS_TLS_CA is not base64/,
      'ca-certificates',
    ],
    [
      'a path, base64-encoded, in place of a key',
      `BUS_TLS_KEY=${base64('/etc/ssl/private/site.key')}\n`,
      /BUS_TLS_KEY is not PEM text/,
      base64('/etc/ssl/private/site.key').slice(0, 24),
    ],
    [
      'a key with a command after it',
      `BUS_TLS_KEY=${base64(`${key}$(reboot)\n`)}\n`,
      /BUS_TLS_KEY is not PEM text/,
      body,
    ],
    [
      'an encrypted key',
      `BUS_TLS_KEY=${base64(block('ENCRYPTED PRIVATE KEY'))}\n`,
      /BUS_TLS_KEY is not PEM text/,
      body,
    ],
    [
      'two keys in one',
      `BUS_TLS_KEY=${base64(key + key)}\n`,
      /BUS_TLS_KEY is not PEM text holding one unencrypted PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY block/,
      body,
    ],
    [
      'a key where the certificate goes',
      `BUS_TLS_CERT=${base64(key)}\n`,
      /BUS_TLS_CERT is not PEM text holding only CERTIFICATE blocks/,
      body,
    ],
    [
      'a certificate with a NUL byte',
      `BUS_TLS_CA=${base64(block('CERTIFICATE', `${body}\0x`))}\n`,
      /BUS_TLS_CA is not PEM text/,
      body,
    ],
    [
      'a client certificate without its key',
      `BUS_TLS_CERT=${base64(block('CERTIFICATE'))}\n`,
      /BUS_TLS_CERT and BUS_TLS_KEY go together/,
      body,
    ],
  ]
  for (const [what, input, message, secret] of cases) {
    it(`refuses ${what}, showing none of it and writing nothing`, async () => {
      const result = await runDeploy(host, ['one', 'v1.0.0', good], ENV + input)
      expect(result.code).toBe(2)
      expect(result.stderr).toMatch(message)
      expect(result.stderr).not.toContain(secret)
      expect(result.stderr.split('\n')).toHaveLength(2)
      untouched()
    })
  }

  it('refuses a credentials folder that is a link, writing nothing through it', async () => {
    const other = createDeployHost()
    try {
      other.addInstance('two', await freePort(), 'two.example.org')
      const tarball = fakeRelease(other, 'v1.0.0', fakeServer('two'))
      const elsewhere = join(other.dir, 'elsewhere')
      mkdirSync(elsewhere)
      mkdirSync(join(other.root, 'two'), { recursive: true })
      symlinkSync(elsewhere, join(other.root, 'two/credentials'))
      const result = await runDeploy(other, ['two', 'v1.0.0', tarball], `${ENV}BUS_NKEY_SEED=${seed}\n`)
      expect(result.code).toBe(2)
      expect(result.stderr).toContain(`${join(other.root, 'two/credentials')} is a symbolic link`)
      expect(result.stderr).not.toContain(seed)
      expect(readdirSync(elsewhere)).toEqual([])
      expect(existsSync(join(other.root, 'two/env'))).toBe(false)
    } finally {
      other.stop()
    }
  })
})

describe('the test overrides', () => {
  const OVERRIDES = ['SVC_ROOT', 'SVC_ETC', 'SVC_DOWNLOADS', 'SVC_SYSTEMCTL', 'SVC_HEALTH_SECONDS']
  for (const name of OVERRIDES) {
    it(`refuses ${name} when run through sudo (SUDO_USER set)`, async () => {
      // That one override alone, as a runner would try to slip it through.
      const only = Object.fromEntries(OVERRIDES.map((o) => [o, o === name ? host.env[o] : undefined]))
      const result = await runDeploy(host, ['one', 'v1.0.0', good], ENV, { ...only, SUDO_USER: 'runner' })
      expect(result.code).toBe(2)
      expect(result.stderr).toContain(`refused: ${name} is not taken through sudo`)
      expect(host.env[name]).toBeDefined()
      untouched()
    })
  }
})

describe('the tarball', () => {
  const hostile: [string, RawEntry, RegExp][] = [
    ['a path that escapes its folder', { name: 'svc-v1.0.3/../evil', type: '0', body: 'x' }, /with \. or \.\. parts/],
    ['an absolute path', { name: '/tmp/svc-evil', type: '0', body: 'x' }, /outside svc-v1\.0\.3\//],
    [
      'a symlink out of it',
      { name: 'svc-v1.0.3/server/passwd', type: '2', link: '/etc/passwd' },
      /a link or special file/,
    ],
    ['a hard link', { name: 'svc-v1.0.3/server/shadow', type: '1', link: '/etc/shadow' }, /a link or special file/],
  ]
  for (const [what, entry, message] of hostile) {
    it(`refuses a tarball holding ${what}; nothing is unpacked`, async () => {
      const tarball = join(host.downloads, 'svc-v1.0.3.tar.gz')
      rawTarball(
        tarball,
        [
          { name: 'svc-v1.0.3/', type: '5' },
          { name: 'svc-v1.0.3/server/', type: '5' },
          { name: 'svc-v1.0.3/server/index.mjs', type: '0', body: fakeServer('x') },
          entry,
        ],
        host.key,
      )
      const result = await runDeploy(host, ['one', 'v1.0.3', tarball], ENV)
      expect(result.code).toBe(1)
      expect(result.stderr).toMatch(message)
      expect(readdirSync(join(host.root, 'one/releases'))).toEqual([])
      expect(existsSync(join(host.root, 'one/evil'))).toBe(false)
      expect(existsSync('/tmp/svc-evil')).toBe(false)
    })
  }

  it('refuses a tarball holding another release folder', async () => {
    const tarball = fakeRelease(host, 'v1.0.4', fakeServer('x'))
    // Its folder is svc-v1.0.4, offered as v1.0.5, signed as it is.
    copyFileSync(tarball, join(host.downloads, 'svc-v1.0.5.tar.gz'))
    sign(join(host.downloads, 'svc-v1.0.5.tar.gz'), host.key)
    const result = await runDeploy(host, ['one', 'v1.0.5', join(host.downloads, 'svc-v1.0.5.tar.gz')], ENV)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('outside svc-v1.0.5/')
  })

  it('a disk that fills during the unpack leaves nothing flipped and no half release', async () => {
    const tarball = fakeRelease(host, 'v1.0.7', fakeServer('big'), { 'public/big.bin': 'x'.repeat(3_000_000) })
    // A file-size limit of 1 MB: the unpack's write of big.bin fails as on a full disk.
    const result = await runDeploy(host, ['one', 'v1.0.7', tarball], ENV, {}, 'ulimit -f 1024')
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('nothing was flipped')
    expect(host.current('one')).toBeUndefined()
    expect(readdirSync(join(host.root, 'one/releases'))).toEqual([])
    expect(existsSync(join(host.root, 'one/env'))).toBe(false)
  })
})

describe('deploys that fail', () => {
  it('a first release that does not start is not left as current', async () => {
    const tarball = fakeRelease(host, 'v2.0.0', BROKEN_SERVER)
    const result = await runDeploy(host, ['one', 'v2.0.0', tarball], ENV, { SVC_HEALTH_SECONDS: '3' })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('did not answer')
    expect(host.current('one')).toBeUndefined()
  })

  it('two deploys of one instance at once: the second is refused while the first runs', async () => {
    const first = runDeploy(host, ['one', 'v1.0.0', good], ENV, { SVC_TEST_RESTART_DELAY: '3' })
    const lock = join(host.root, 'one/.deploy.lock')
    // The first holds the lock once it has written the lock file and flipped.
    while (!(existsSync(lock) && host.current('one') === 'releases/v1.0.0')) await new Promise((r) => setTimeout(r, 50))
    const second = await runDeploy(host, ['one', 'v1.0.0', good], ENV)
    expect(second.code).toBe(75)
    expect(second.stderr).toContain('another deploy of one is running')
    expect((await first).code).toBe(0)
    expect(statSync(join(host.root, 'one/env')).mode & 0o777).toBe(0o600)
    expect(readFileSync(join(host.root, 'one/deploys.log'), 'utf8')).toMatch(/ one v1\.0\.0 ok\n$/)
  })
})
