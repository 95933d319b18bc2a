// docs/new-site.md followed once (SPEC 9.9): a second site set up from the
// first site's deploy workflow with only the listed changes, deployed by the
// workflow's own steps through the root script, both sites serving after.
// The second is a full site from the list's settings alone (issue 28): it
// takes a filing with a photo (s3rver), its mailer unit mails the receipt
// (smtp-server as the relay) and takes the reply onto the case.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createCookieFetch } from '../auth/cookie-fetch'
import { waitFor } from '../bus/wait'
import { fileWithFiles, jpeg, storedKeys } from '../files/upload-client'
import { createDeployHost, packFromOutput, SVC_DEPLOY, type DeployHost } from '../support/deploy-host'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startS3Server, type TestS3 } from '../support/s3-server'
import { startSmtpServer, type TestSmtp } from '../support/smtp-server'
import { filedId } from '../visitor/visitor-client'
import { hostedFiles, startGitHostApi, type GitHostApi } from '../support/git-host-api'
import { DEMO, freePort, ROOT } from '../support/server'
import { runJob, type Workflow, type WorkflowContext } from '../support/workflow-runner'

vi.setConfig({ testTimeout: 120_000 })

const TEMPLATE = readFileSync(join(ROOT, 'examples/workflows/deploy.yml'), 'utf8')
const DOC = readFileSync(join(ROOT, 'docs/new-site.md'), 'utf8')

/** The backticked names on the list item that starts with `lead`. */
function listed(lead: string): string[] {
  const start = DOC.indexOf(lead)
  const rest = DOC.slice(start)
  const item = rest.slice(0, Math.min(rest.indexOf('\n\n'), rest.search(/\n\d+\. /)))
  return [...item.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? '')
}

/** The workflow with one `env:` value set, the rest of its text as it was. */
function withEnv(text: string, key: string, value: string): string {
  const line = new RegExp(`^  ${key}: .*$`, 'm')
  expect(text).toMatch(line)
  return text.replace(line, `  ${key}: '${value}'`)
}

let host: DeployHost
let work: string
let nats: NatsServer
let s3: TestS3
let smtp: TestSmtp
let inboundPort: number
const sites: { port: number; api: GitHostApi; workflow: string; context: WorkflowContext }[] = []

beforeAll(async () => {
  const tarball = await packFromOutput('0.0.1')
  ;[nats, s3, smtp, inboundPort] = await Promise.all([
    startNatsServer(),
    startS3Server(),
    startSmtpServer(),
    freePort(),
  ])
  host = createDeployHost()
  work = mkdtempSync(join(tmpdir(), 'svc-new-site-'))
  // The release as the git host serves it: <base>/<tag>/<file>.
  mkdirSync(join(work, 'download/v0.0.1'), { recursive: true })
  symlinkSync(tarball, join(work, 'download/v0.0.1/svc-v0.0.1.tar.gz'))
  symlinkSync(`${tarball}.sha256`, join(work, 'download/v0.0.1/svc-v0.0.1.tar.gz.sha256'))
  symlinkSync(`${tarball}.sig`, join(work, 'download/v0.0.1/svc-v0.0.1.tar.gz.sig'))
  // sudo as the runner's sudoers entry allows it: the one root script, nothing else.
  mkdirSync(join(work, 'bin'))
  writeFileSync(
    join(work, 'bin/sudo'),
    `#!/bin/sh\n[ "$1" = /usr/local/sbin/svc-deploy ] || { echo "sudo: $1 is not allowed" >&2; exit 1; }\nshift\nexec "${SVC_DEPLOY}" "$@"\n`,
  )
  chmodSync(join(work, 'bin/sudo'), 0o755)

  // The first site: the template, pinned and pointed at this host's instance.
  let first = withEnv(TEMPLATE, 'SVC_RELEASE', 'v0.0.1')
  first = withEnv(first, 'SVC_RELEASES_URL', `file://${work}/download`)
  first = withEnv(first, 'SVC_DOWNLOADS', host.downloads)
  const firstPort = await freePort()
  first = withEnv(withEnv(first, 'INSTANCE', 'demo'), 'SVC_PORT', String(firstPort))
  first = withEnv(first, 'SVC_DOMAINS', 'demo.example.org')
  // The second: the first's copy with only the changes docs/new-site.md lists.
  const secondPort = await freePort()
  let second = withEnv(first, 'INSTANCE', 'street')
  second = withEnv(second, 'SVC_PORT', String(secondPort))
  second = withEnv(second, 'SVC_DOMAINS', 'street.example.org www.street.example.org')
  host.addInstance('demo', firstPort, 'demo.example.org')
  // The street site sends mail: its line gives its mailer a port.
  host.addInstance('street', secondPort, await freePort(), 'street.example.org', 'www.street.example.org')

  for (const [name, port, workflow] of [
    ['demo', firstPort, first],
    ['street', secondPort, second],
  ] as const) {
    const token = `token-of-${name}`
    const api = await startGitHostApi(`acme/${name}-content`, token)
    api.push(hostedFiles(DEMO))
    // The demo: SPEC 9.9's settings only, on its own embedded bus. The street
    // site: a full one, every name from docs/new-site.md's table.
    const full = name === 'street'
    sites.push({
      port,
      api,
      workflow,
      context: {
        repository: `acme/${name}-content`,
        vars: {
          IDP_URL: 'http://127.0.0.1:9/idp',
          OAUTH2_CLIENT_ID: `${name}-client`,
          PUBLIC_URL: full ? `http://127.0.0.1:${port}` : `https://${name}.example.org`,
          SITE_NAME: `The ${name} site`,
          GIT_API_URL: api.url,
          ...(full
            ? {
                MAIL_FROM: 'site@street.example.org',
                MAIL_REPLY_ADDRESS: 'reply+{token}@reply.street.example.org',
                MAIL_INBOUND_PORT: String(inboundPort),
                STORE_S3_ENDPOINT: s3.endpoint,
                STORE_UPLOADS_BUCKET: s3.bucket,
              }
            : {}),
        },
        secrets: {
          BUS_URL: full ? nats.url : '',
          OAUTH2_CLIENT_SECRET: `${name}-secret`,
          SVC_GIT_API_TOKEN: token,
          ...(full
            ? {
                SMTP_URL: smtp.url,
                MAIL_REPLY_SECRET: 'the street site signs its reply addresses with this',
                STORE_ACCESS_KEY: s3.env.STORE_ACCESS_KEY ?? '',
                STORE_SECRET_KEY: s3.env.STORE_SECRET_KEY ?? '',
              }
            : {}),
        },
        env: { ...host.env, PATH: `${join(work, 'bin')}:${process.env.PATH ?? ''}` },
      },
    })
  }
}, 240_000)

afterAll(async () => {
  host.stop()
  rmSync(work, { recursive: true, force: true })
  await Promise.all([...sites.map((site) => site.api.close()), nats.stop(), s3.stop(), smtp.stop()])
})

describe('SPEC 9.9: "A new site needs: a content repository with a copy of an existing deploy workflow (changing INSTANCE, the port and the domains)"', () => {
  it('the second workflow differs from the first only in the env values docs/new-site.md lists', () => {
    const [a, b] = sites.map((site) => parse(site.workflow) as Workflow)
    const changed = Object.keys(a?.env ?? {}).filter((key) => a?.env?.[key] !== b?.env?.[key])
    expect(changed).toEqual(listed('exactly three values'))
    expect(changed).toEqual(['INSTANCE', 'SVC_PORT', 'SVC_DOMAINS'])
    expect({ ...a, env: undefined }).toEqual({ ...b, env: undefined })
  })

  it('the variables and secrets docs/new-site.md lists are the ones the workflow reads, the token under its own name', () => {
    const vars = [...TEMPLATE.matchAll(/\$\{\{ vars\.(\w+) \}\}/g)].map((m) => m[1])
    const secrets = [...TEMPLATE.matchAll(/\$\{\{ secrets\.(\w+) \}\}/g)].map((m) => m[1])
    // Every setting of a full site: the table names each, as a variable or a secret.
    const table = (kind: string) =>
      [...DOC.matchAll(new RegExp(`^\\| \`(\\w+)\` \\| ${kind} \\|`, 'gm'))].map((m) => m[1])
    expect(table('variable').sort()).toEqual([...vars].sort())
    expect(table('secret').sort()).toEqual([...secrets].sort())
    for (const name of ['SMTP_URL', 'MAIL_REPLY_SECRET', 'STORE_ACCESS_KEY', 'STORE_SECRET_KEY', 'MAP_TOKEN']) {
      expect(table('secret')).toContain(name)
    }
    for (const name of [
      'MAIL_FROM',
      'MAIL_REPLY_ADDRESS',
      'MAIL_INBOUND_PORT',
      'STORE_S3_ENDPOINT',
      'MAILER_METRICS_PORT',
    ]) {
      expect(table('variable')).toContain(name)
    }
    expect(listed('**Actions variables**')).toEqual(['IDP_URL', 'OAUTH2_CLIENT_ID', 'PUBLIC_URL', 'SITE_NAME'])
    expect(listed('**Actions secrets**')).toEqual([
      'BUS_URL',
      'OAUTH2_CLIENT_SECRET',
      'SVC_GIT_API_TOKEN',
      'GIT_API_TOKEN',
      'GITHUB_',
    ])
    // SPEC 9.9's come first; the rest of a full site after.
    expect(vars.slice(0, 4)).toEqual(listed('**Actions variables**'))
    expect(secrets.slice(0, 3)).toEqual(['BUS_URL', 'OAUTH2_CLIENT_SECRET', 'SVC_GIT_API_TOKEN'])
    expect(TEMPLATE).toContain('GIT_API_TOKEN: ${{ secrets.SVC_GIT_API_TOKEN }}')
    expect(DOC).toContain('An OAuth2 client')
    expect(DOC).toContain('**DNS**')
  })

  it('the first site deploys from its workflow and serves', async () => {
    const [site] = sites
    if (!site) throw new Error('no site')
    const runs = await runJob(parse(site.workflow) as Workflow, 'deploy', site.context, work)
    expect(runs.map((r) => [r.code, r.code === 0 ? '' : r.output])).toEqual(runs.map(() => [0, '']))
    expect((await fetch(`http://127.0.0.1:${site.port}/readyz`)).status).toBe(200)
  })

  it('the second site deploys from its copy, with no change to the service, and both serve', async () => {
    const [first, second] = sites
    if (!first || !second) throw new Error('no site')
    const runs = await runJob(parse(second.workflow) as Workflow, 'deploy', second.context, work)
    expect(runs.map((r) => [r.code, r.code === 0 ? '' : r.output])).toEqual(runs.map(() => [0, '']))
    expect(runs.at(-1)?.step).toBe('The row for the Sites table')
    for (const site of [first, second]) {
      expect((await fetch(`http://127.0.0.1:${site.port}/readyz`)).status).toBe(200)
      expect((await fetch(`http://127.0.0.1:${site.port}/`)).status).toBe(200)
    }
    expect(host.current('demo')).toBe('releases/v0.0.1')
    expect(host.current('street')).toBe('releases/v0.0.1')
    const env = readFileSync(join(host.root, 'street/env'), 'utf8')
    expect(env).toContain('CONTENT_REPO=acme/street-content\n')
    expect(env).toContain('GIT_API_TOKEN=token-of-street\n')
    expect(env).toContain('OAUTH2_CLIENT_SECRET=street-secret\n')
    expect(env).toContain(`BUS_URL=${nats.url}\n`)
    expect(env).toContain(`STORE_S3_ENDPOINT=${s3.endpoint}\n`)
    expect(env).not.toContain('SVC_GIT_API_TOKEN')
    // The mail settings are the mailer's alone, and the service's secrets not the mailer's.
    expect(env).not.toMatch(/SMTP_URL|MAIL_|SITE_NAME/)
    const mailerEnv = readFileSync(join(host.root, 'street/mailer.env'), 'utf8')
    expect(mailerEnv).toContain(`SMTP_URL=${smtp.url}\n`)
    expect(mailerEnv).toContain('SITE_NAME=The street site\n')
    expect(mailerEnv).not.toMatch(/OAUTH2|GIT_API|STORE_/)
    expect(host.runningMailer('street')).toBe(join(host.root, 'street/releases/v0.0.1'))
    expect(readFileSync(join(host.root, 'demo/env'), 'utf8')).not.toContain('BUS_URL')
    expect(readFileSync(join(host.dir, 'etc/caddy/street.caddy'), 'utf8')).toContain(
      `street.example.org, www.street.example.org {\n\treverse_proxy 127.0.0.1:${second.port}\n}`,
    )
  })

  it('a copy whose port is not the one on the host list is refused', async () => {
    const [, second] = sites
    if (!second) throw new Error('no site')
    const wrong = withEnv(second.workflow, 'SVC_PORT', '1')
    const runs = await runJob(parse(wrong) as Workflow, 'deploy', second.context, work)
    expect(runs.at(-1)?.code).toBe(2)
    expect(runs.at(-1)?.output).toContain('env PORT=1 but')
  })
})

describe('issue 28: the site docs/new-site.md sets up sends and receives mail and stores photos', () => {
  it('every setting the full site was given is on the list, as the kind the list says', () => {
    const [, street] = sites
    const table = (kind: string) =>
      [...DOC.matchAll(new RegExp(`^\\| \`(\\w+)\` \\| ${kind} \\|`, 'gm'))].map((m) => m[1])
    for (const name of Object.keys(street?.context.vars ?? {})) expect(table('variable')).toContain(name)
    for (const name of Object.keys(street?.context.secrets ?? {})) expect(table('secret')).toContain(name)
  })

  it('files a case with a photo, the mailer unit mails the receipt, and a reply to it lands on the case', async () => {
    const [, street] = sites
    if (!street) throw new Error('no site')
    const base = `http://127.0.0.1:${street.port}`
    const visitor = createCookieFetch()
    const filed = await fileWithFiles(
      visitor,
      base,
      { street: 'Photo Lane 3', kind: 'pothole', email: 'ann@example.org' },
      [{ name: 'photo', bytes: await jpeg(320, 240), filename: 'hole.jpg', type: 'image/jpeg' }],
    )
    expect(filed.status).toBe(303)
    const id = filedId(filed)
    expect((await storedKeys(s3)).length).toBeGreaterThan(0)

    await waitFor(() => smtp.received.some((mail) => mail.subject?.includes('Photo Lane 3')), 30_000, 'the receipt')
    const receipt = smtp.received.find((mail) => mail.subject?.includes('Photo Lane 3'))
    expect(receipt?.from?.text).toContain('site@street.example.org')
    const replyTo = receipt?.replyTo?.value[0]?.address ?? ''
    expect(replyTo).toMatch(/^reply\+[a-z2-7]+@reply\.street\.example\.org$/)

    const client = nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, ignoreTLS: true })
    await client.sendMail({
      from: 'ann@example.org',
      to: replyTo,
      subject: `Re: ${receipt?.subject ?? ''}`,
      text: 'The hole is deeper after the rain.',
    })
    client.close()
    await waitFor(
      async () =>
        (await (await visitor(`${base}/my/potholes/${id}`)).text()).includes('The hole is deeper after the rain.'),
      30_000,
      'the reply on the case',
    )
  })
})
